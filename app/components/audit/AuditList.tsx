import { useLocation } from "@remix-run/react";
import { auditChanges, AUDIT_RECORD_LABELS, type AuditEntry } from "#contract/audit/audit";
import { Text } from "~/components/plain";
import { Link } from "~/components/remix";
import type { Column } from "~/components/table/DataTable";
import { ListPage, type ListData } from "~/components/table/ListPage";
import { RowLink, actionsColumn } from "~/components/table/RowActions";
import { AUDIT_FILTERS } from "~/lib/audit";
import { formatDateTime } from "~/lib/format";
import { listHref } from "~/lib/url-state";

const VIEW = "view";

const shown = (value: unknown) =>
  value === undefined ? "—" : typeof value === "string" ? value : JSON.stringify(value, null, 1);

/** A link that narrows the list to one value of a filter (its state in the URL, page 1). */
function FilterLink({ name, value, children }: { name: string; value: string; children: React.ReactNode }) {
  const location = useLocation();
  return (
    <Link to={listHref(location, { [name]: value }, { resetPage: true })} title={`Only ${value}`}>
      {children}
    </Link>
  );
}

const columns: Column<AuditEntry>[] = [
  { key: "at", header: "When", sort: "at", cell: (e) => <span className="nowrap">{formatDateTime(e.at)}</span> },
  {
    key: "who",
    header: "Who",
    cell: (e) =>
      e.userId ? (
        <FilterLink name="who" value={e.userId}>
          {e.userName ?? e.userId}
        </FilterLink>
      ) : (
        <Text color="gray">{e.userName ?? "Signed out"}</Text>
      ),
  },
  { key: "role", header: "Role", cell: (e) => e.role ?? "—" },
  {
    key: "operation",
    header: "Operation",
    sort: "operation",
    cell: (e) => (
      <FilterLink name="operation" value={e.operation}>
        <code>{e.operation}</code>
      </FilterLink>
    ),
  },
  {
    key: "record",
    header: "Record",
    sort: "recordType",
    cell: (e) =>
      e.recordType && e.recordId ? (
        <FilterLink name="recordId" value={e.recordId}>
          {AUDIT_RECORD_LABELS[e.recordType] ?? e.recordType} {e.recordId}
        </FilterLink>
      ) : (
        (AUDIT_RECORD_LABELS[e.recordType ?? ""] ?? e.recordType ?? "—")
      ),
  },
  { key: "ip", header: "From", cell: (e) => e.ip ?? "—" },
  actionsColumn((e) => <RowLink label="View" name={`View entry ${e._id}`} open={{ drawer: VIEW, id: e._id }} />),
];

/** The drawer's body: who, when, from where, and the fields the call changed, before and after. */
function EntryDetails({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry);
  return (
    <div className="audit-entry">
      <dl>
        <dt>When</dt>
        <dd>{formatDateTime(entry.at)}</dd>
        <dt>Who</dt>
        <dd>
          {entry.userName ?? entry.userId ?? "Signed out"} {entry.role ? `(${entry.role})` : ""}
        </dd>
        <dt>Operation</dt>
        <dd>
          <code>{entry.operation}</code>
        </dd>
        <dt>Record</dt>
        <dd>
          {entry.recordType ?? "—"} {entry.recordId ?? ""}
        </dd>
        <dt>From</dt>
        <dd>
          {entry.ip ?? "—"} {entry.userAgent ? <Text color="gray">{entry.userAgent}</Text> : null}
        </dd>
      </dl>
      <table className="audit-diff" aria-label="Changes">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {changes.length === 0 ? (
            <tr>
              <td colSpan={3}>No field changed</td>
            </tr>
          ) : (
            changes.map((c) => (
              <tr key={c.field}>
                <th scope="row">{c.field}</th>
                <td>
                  <pre>{shown(c.before)}</pre>
                </td>
                <td>
                  <pre>{shown(c.after)}</pre>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The audit log's list (ADR 0071): newest first, filters and the open entry all in the URL. */
export function AuditList({
  data,
  headingLevel = 1,
  csv,
}: {
  data: ListData<AuditEntry>;
  headingLevel?: 1 | 2;
  /** the list's 'Export CSV' resource route */
  csv: string;
}) {
  const location = useLocation();
  const id = new URLSearchParams(location.search).get("id");
  const entry = data.list?.rows.find((row) => row._id === id);
  return (
    <ListPage
      title="Audit log"
      headingLevel={headingLevel}
      search={{ label: "Search the audit log", placeholder: "Search name, operation or record id" }}
      filters={{ of: AUDIT_FILTERS, label: "Filter the audit log" }}
      noun="entries"
      columns={columns}
      data={data}
      sort={{ sort: "at", sortType: "desc" }}
      csv={csv}
      drawer={{ param: VIEW, title: "Audit entry", width: 600, body: entry ? <EntryDetails entry={entry} /> : null }}
    />
  );
}

/** A plain table's header: one column header per name, in order; a name left out (`false`) makes no column. */
export function TableHead({ columns }: { columns: (string | false)[] }) {
  return (
    <thead>
      <tr>
        {columns.map((name, i) =>
          name === false ? null : (
            <th key={i} scope="col">
              {name}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

import { Faker, en } from "@faker-js/faker";
import type { Ethnicity } from "#contract/people/influencers";
import { parsePhone } from "#contract/phone/phone-rules";
import type { UploadPurpose } from "#contract/uploads/uploads";
import { uploadKey } from "#api/modules/uploads";
import { newId } from "#api/platform/data/ids";
import type { Database } from "../client";
import { uploads, users } from "../schema";
import { storeSeedFile, type SeedFiles } from "./catalogue";
import { Canvas, categoryImage, hsl, randomFrom, type Rgb } from "./images";

type NewUser = typeof users.$inferInsert;

/** The person the demo seed already drew for an influencer (name, gender, phone, e-mail, creation date). */
export type SeedPerson = Pick<NewUser, "fName" | "lName" | "gender" | "mobile" | "email" | "createdAt">;

// real places of the geo data (country, state code, city), so the edit drawer's lists hold them
const PLACES = [
  ["AU", "NSW", "Sydney"],
  ["AU", "VIC", "Melbourne"],
  ["AU", "QLD", "Brisbane"],
  ["AU", "WA", "Perth"],
  ["AU", "SA", "Adelaide"],
  ["NZ", "AUK", "Auckland"],
  ["SG", "01", "Singapore"],
  ["US", "CA", "Los Angeles"],
  ["GB", "ENG", "London"],
] as const;
const ETHNICITY_CYCLE: Ethnicity[] = [
  "asian",
  "whiteEuropeanDescent",
  "southAsianIndian",
  "latinoHispanic",
  "indigenous",
  "southeastAsianPacificIslander",
  "blackAfricanDescent",
  "middleEastern",
  "multiracial",
];
const NICHES = [
  "beauty",
  "streetwear",
  "home styling",
  "fitness",
  "skincare",
  "outdoor gear",
  "kids' fashion",
  "sneakers",
  "wellness",
];
const STATUSES = ["Pending", "Approved", "Rejected"] as const;
const WHITE: Rgb = [255, 255, 255];

/** A portrait-like avatar: a soft background, shoulders and a head in a skin tone. */
function avatarImage(seed: string, size = 256) {
  const random = randomFrom(seed);
  const hue = random() * 360;
  const canvas = new Canvas(size, size);
  canvas.gradient(hsl(hue, 0.55, 0.88), hsl(hue + 30, 0.5, 0.7), Math.PI / 2);
  const skin = hsl(20 + random() * 15, 0.45, 0.35 + random() * 0.4);
  const top = hsl(random() * 360, 0.45, 0.45);
  const s = size / 256;
  canvas.roundedRect(128 * s, 250 * s, 92 * s, 70 * s, 60 * s, top);
  canvas.roundedRect(128 * s, 168 * s, 18 * s, 20 * s, 8 * s, skin);
  canvas.circle(128 * s, 112 * s, 52 * s, skin);
  canvas.circle(128 * s, 84 * s, 50 * s, hsl(25, 0.3, 0.15 + random() * 0.3), 0.9);
  canvas.circle(128 * s, 122 * s, 44 * s, skin);
  canvas.ring(128 * s, 128 * s, 122 * s, 4 * s, WHITE, 0.4);
  return canvas.toPng();
}

/**
 * Demo influencers: every Influencer extra of spec 1 §3, a profile picture and 2 to 5 portfolio images,
 * in every verification state. `people` are the persons the main seed drew (so its random sequence is unchanged);
 * `extra` more are drawn here. Pictures are written through `files` and recorded as the admin's finished uploads,
 * exactly as the admin's Add Influencer form leaves them.
 */
export async function seedInfluencers(
  db: Database,
  files: SeedFiles,
  { adminId, people, extra }: { adminId: string; people: SeedPerson[]; extra: number },
) {
  const faker = new Faker({ locale: [en] });
  faker.seed(4004);
  const everyone: SeedPerson[] = [...people];
  for (let i = 0; i < extra; i++) {
    const sex = i % 2 ? "male" : "female";
    const fName = faker.person.firstName(sex);
    const lName = faker.person.lastName();
    everyone.push({
      fName,
      lName,
      gender: sex === "female" ? "Female" : "Male",
      mobile: `4${faker.string.numeric(8)}`,
      email: faker.internet.email({ firstName: fName, lastName: lName, provider: "example.test" }).toLowerCase(),
      createdAt: faker.date.past({ years: 1, refDate: new Date("2026-11-01T00:00:00Z") }),
    });
  }

  const pictures: { key: string; fileName: string; png: Buffer; createdAt: Date }[] = [];
  const picture = (purpose: UploadPurpose, fileName: string, png: Buffer, createdAt: Date) => {
    const key = uploadKey(files.host, purpose, fileName, createdAt);
    pictures.push({ key, fileName, png, createdAt });
    return files.storage.location(key);
  };

  // a random "4" and eight digits is not always a real Australian mobile range: the edit form would refuse it
  const mobileOf = (mobile: string | null | undefined) =>
    mobile && parsePhone("AU", mobile) ? mobile : `41${(mobile ?? "").slice(2).padEnd(7, "0")}`;

  const rows: NewUser[] = everyone.map((p, i) => {
    const createdAt = p.createdAt ?? new Date("2026-10-01T00:00:00Z");
    const slug = `${p.fName}-${p.lName}`.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    const [country, state, city] = PLACES[i % PLACES.length];
    const niche = NICHES[i % NICHES.length];
    const hue = (i * 47) % 360;
    const count = 2 + (i % 4);
    const handle = `${p.fName}.${p.lName}`.toLowerCase().replace(/[^a-z0-9.]+/g, "");
    // one in four says Other, with their own word for it
    const other = i % 4 === 3;
    return {
      id: newId(),
      ...p,
      mobile: mobileOf(p.mobile),
      countryCode: "+61",
      countryFlag: "AU",
      createdAt,
      updatedAt: createdAt,
      role: "influencer",
      status: STATUSES[i % 3],
      gender: other ? "Other" : p.gender,
      customizeGender: other ? "Non-binary" : null,
      image: picture("profileImage", `${slug}.png`, avatarImage(slug), createdAt),
      dob: faker.date
        .birthdate({ mode: "age", min: 19, max: 38, refDate: new Date("2026-11-01T00:00:00Z") })
        .toISOString()
        .slice(0, 10),
      ethnicity: ETHNICITY_CYCLE[i % ETHNICITY_CYCLE.length],
      country,
      state,
      city,
      bio: `${niche[0].toUpperCase()}${niche.slice(1)} creator streaming from ${city}. ${faker.lorem.sentence({ min: 6, max: 12 })}`,
      instaProfileId: handle,
      tiktokProfileId: i % 2 ? `${handle}.live` : null,
      fbProfileId: i % 3 === 0 ? handle : null,
      youtubeProfileId: i % 3 === 1 ? `@${handle.replace(/\./g, "")}` : null,
      portfolio: Array.from({ length: count }, (_, k) =>
        picture(
          "portfolio",
          `${slug}-portfolio-${k + 1}.png`,
          categoryImage(`${slug}/${k}`, hue + k * 18, 1 + (k % 2), 320),
          createdAt,
        ),
      ),
      phoneVerifiedAt: createdAt,
      passwordHash: null,
    };
  });

  await Promise.all(pictures.map(({ key, png }) => storeSeedFile(files, key, png)));
  await db.transaction(async (tx) => {
    await tx.insert(users).values(rows);
    await tx.insert(uploads).values(
      pictures.map(({ key, fileName, png, createdAt }) => ({
        key,
        userId: adminId,
        fileName,
        contentType: "image/png",
        size: png.length,
        status: "stored" as const,
        createdAt,
      })),
    );
  });
}

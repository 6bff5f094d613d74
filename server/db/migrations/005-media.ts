import { type Kysely, sql } from "kysely";

// The media library: each uploaded image (`media`) and its files (`media_files`: the whole
// image without metadata and its AVIF and WebP copies), bytes included, so that every instance
// serves every image without a shared disk. Every statement tolerates having run before (see
// 001); the tables stand alone (no other migration's table is read or changed).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("media")
    .ifNotExists()
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    // SHA-256 (hex) of the whole image as stored; its first 16 digits name the files.
    .addColumn("hash", "varchar(64)", (col) => col.notNull().unique())
    .addColumn("format", "varchar(8)", (col) => col.notNull())
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    // Empty for a decorative image.
    .addColumn("alt", "text", (col) => col.notNull())
    .addColumn("decorative", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addCheckConstraint("media_format_check", sql`format in ('jpeg', 'png', 'webp', 'avif')`)
    .addCheckConstraint("media_decorative_check", sql`decorative in (0, 1)`)
    .execute();
  await db.schema
    .createIndex("media_created_idx")
    .ifNotExists()
    .on("media")
    .columns(["created_at", "id"])
    .execute();

  await db.schema
    .createTable("media_files")
    .ifNotExists()
    // The file's name in its URL (/media/NAME), e.g. `0123456789abcdef-640.avif`.
    .addColumn("name", "varchar(64)", (col) => col.primaryKey())
    .addColumn("media_id", "varchar(36)", (col) =>
      col.notNull().references("media.id").onDelete("cascade"),
    )
    .addColumn("format", "varchar(8)", (col) => col.notNull())
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("bytes", "integer", (col) => col.notNull())
    // bytea is PostgreSQL's binary type; SQLite gives the name NUMERIC affinity, which stores a
    // blob unchanged (only text is ever converted), so one type serves both (decision 019).
    .addColumn("data", "bytea", (col) => col.notNull())
    .addCheckConstraint("media_files_format_check", sql`format in ('jpeg', 'png', 'webp', 'avif')`)
    .execute();
  await db.schema
    .createIndex("media_files_media_idx")
    .ifNotExists()
    .on("media_files")
    .column("media_id")
    .execute();
}

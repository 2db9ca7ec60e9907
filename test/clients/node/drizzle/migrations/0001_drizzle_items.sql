CREATE TABLE "drizzle_items" (
	"id" uuid PRIMARY KEY DEFAULT uuid_generate_v7() NOT NULL,
	"n" integer NOT NULL
);

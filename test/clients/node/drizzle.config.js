// drizzle-kit's configuration, for `npx drizzle-kit generate` (drizzle-kit is
// not among the dependencies: the migrations it wrote are committed).
module.exports = {
  dialect: 'postgresql',
  schema: './drizzle/schema.js',
  out: './drizzle/migrations',
};

-- CreateTable
CREATE TABLE "prisma_items" (
    "id" UUID NOT NULL DEFAULT uuid_generate_v7(),
    "n" INTEGER NOT NULL,

    CONSTRAINT "prisma_items_pkey" PRIMARY KEY ("id")
);

// A user's recent results, so work finished while they were away (a closed tab, another page) is
// offered again: every operation is recorded, and its result stays stored until it expires.
import "server-only";
import { db } from "@/lib/db";
import type { OperationKind } from "@/lib/generated/prisma/client";
import { fileUrl } from "@/lib/storage/files";

export interface RecentResult {
  operationId: string;
  kind: OperationKind;
  prompt: string | null;
  imageUrl: string;
  width: number | null;
  height: number | null;
  createdAt: string;
}

export async function recentResults(userId: string, kinds: OperationKind[], limit = 8): Promise<RecentResult[]> {
  const operations = await db.operation.findMany({
    where: { userId, status: "succeeded", kind: { in: kinds }, resultFile: { removedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] } },
    orderBy: { createdAt: "desc" },
    take: limit,
    include: { resultFile: true },
  });
  return operations.flatMap((operation) =>
    operation.resultFile
      ? [
          {
            operationId: operation.id,
            kind: operation.kind,
            prompt: operation.prompt,
            imageUrl: fileUrl(operation.resultFile),
            width: operation.resultFile.width,
            height: operation.resultFile.height,
            createdAt: operation.createdAt.toISOString(),
          },
        ]
      : [],
  );
}

-- Upscaling: a kind of operation, and a tool a saved image can come from.
ALTER TYPE "OperationKind" ADD VALUE 'upscale';
ALTER TYPE "SavedImageTool" ADD VALUE 'upscale';

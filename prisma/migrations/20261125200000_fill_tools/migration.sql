-- Expand (outpainting), background blur and product photos: three kinds of operation.
ALTER TYPE "OperationKind" ADD VALUE 'expand';
ALTER TYPE "OperationKind" ADD VALUE 'blur_background';
ALTER TYPE "OperationKind" ADD VALUE 'product_photo';

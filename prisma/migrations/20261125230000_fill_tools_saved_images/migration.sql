-- Results of the expand, background blur and product photo tools can be saved to the gallery under their own tool.
ALTER TYPE "SavedImageTool" ADD VALUE 'expand';
ALTER TYPE "SavedImageTool" ADD VALUE 'blur_background';
ALTER TYPE "SavedImageTool" ADD VALUE 'product_photo';

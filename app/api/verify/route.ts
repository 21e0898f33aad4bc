import { CONTRACTS } from "@/lib/api/contracts";
import { upload } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { verifyUploadedImage } from "@/lib/provenance/verify-image";

// Free and open to anyone (guests too), counted against the caller's image allowance.
export const POST = route({ auth: "guest", contract: CONTRACTS.verify, rateLimit: "image", input: upload(1) }, ({ client }) => verifyUploadedImage(client));

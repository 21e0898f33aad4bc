// The copy-paste examples of the developer guide: background removal in curl, JavaScript (fetch) and
// Python (requests), and verifying a webhook's signature. Code is the same in every language.
import { API_KEY_HEADER } from "@/lib/api/headers";

export interface CodeExample {
  id: "curl" | "javascript" | "python";
  code: string;
}

export function backgroundRemovalExamples(origin: string): CodeExample[] {
  return [
    {
      id: "curl",
      code: `curl ${origin}/api/flux/edit \\
  -H "Authorization: Bearer $PICTURA_API_KEY" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -F operation=background_removal \\
  -F image=@photo.jpg

# → {"result":{"sample":"${origin}/api/files/…"},"operationId":"…","width":1024,"height":768}
curl -H "Authorization: Bearer $PICTURA_API_KEY" -o cutout.png "<result.sample>"`,
    },
    {
      id: "javascript",
      code: `import { readFile, writeFile } from "node:fs/promises";

const key = process.env.PICTURA_API_KEY;
const form = new FormData();
form.set("operation", "background_removal");
form.set("image", new Blob([await readFile("photo.jpg")], { type: "image/jpeg" }), "photo.jpg");

const response = await fetch("${origin}/api/flux/edit", {
  method: "POST",
  headers: { Authorization: \`Bearer \${key}\`, "Idempotency-Key": crypto.randomUUID() },
  body: form,
});
if (!response.ok) throw new Error((await response.json()).message);
console.log("credits left:", response.headers.get("X-Credits-Remaining"));
const { result } = await response.json();
const image = await fetch(result.sample, { headers: { "${API_KEY_HEADER}": key } });
await writeFile("cutout.png", Buffer.from(await image.arrayBuffer()));`,
    },
    {
      id: "python",
      code: `import os, uuid, requests

key = os.environ["PICTURA_API_KEY"]
with open("photo.jpg", "rb") as photo:
    response = requests.post(
        "${origin}/api/flux/edit",
        headers={"Authorization": f"Bearer {key}", "Idempotency-Key": str(uuid.uuid4())},
        data={"operation": "background_removal"},
        files={"image": ("photo.jpg", photo, "image/jpeg")},
        timeout=120,
    )
response.raise_for_status()
print("credits left:", response.headers["X-Credits-Remaining"])
sample = response.json()["result"]["sample"]
image = requests.get(sample, headers={"${API_KEY_HEADER}": key}, timeout=60)
with open("cutout.png", "wb") as out:
    out.write(image.content)`,
    },
  ];
}

export const VERIFY_EXAMPLES: { id: "javascript" | "python"; code: string }[] = [
  {
    id: "javascript",
    code: `import { createHmac, timingSafeEqual } from "node:crypto";

// rawBody: the request body exactly as received (a string), before any JSON parsing.
export function verifyPicturaSignature(header, rawBody, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=")));
  const timestamp = Number(parts.t);
  if (!parts.v1 || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(\`\${timestamp}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.v1, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}`,
  },
  {
    id: "python",
    code: `import hashlib, hmac, time

def verify_pictura_signature(header: str, raw_body: bytes, secret: str, tolerance: int = 300) -> bool:
    parts = dict(part.split("=", 1) for part in header.split(","))
    timestamp = int(parts.get("t", "0"))
    if "v1" not in parts or abs(time.time() - timestamp) > tolerance:
        return False
    signed = f"{timestamp}.".encode() + raw_body
    expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts["v1"])`,
  },
];

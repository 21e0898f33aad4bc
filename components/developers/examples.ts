// The copy-paste examples of the developer guide: background removal in curl, JavaScript (fetch) and
// Python (requests), and verifying a webhook delivery with the Standard Webhooks library in
// JavaScript and Python. Code is the same in every language.
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
    code: `// npm install standardwebhooks
import { Webhook } from "standardwebhooks";

const webhook = new Webhook(process.env.PICTURA_WEBHOOK_SECRET); // "whsec_…"

// A fetch-style handler (Next.js, Hono, Bun, Deno). With Express, read the body with express.raw().
export async function POST(request) {
  const rawBody = await request.text(); // exactly as received, before any JSON parsing
  let event;
  try {
    event = webhook.verify(rawBody, Object.fromEntries(request.headers));
  } catch {
    return new Response("Invalid signature", { status: 400 });
  }
  // event.id is also the webhook-id header, the same on every retry: skip ids you have handled.
  console.log(event.type, event.data.operation.id);
  return new Response(null, { status: 204 });
}`,
  },
  {
    id: "python",
    code: `# pip install standardwebhooks flask
import os
from flask import Flask, abort, request
from standardwebhooks import Webhook, WebhookVerificationError

webhook = Webhook(os.environ["PICTURA_WEBHOOK_SECRET"])  # "whsec_…"
app = Flask(__name__)

@app.post("/pictura-webhooks")
def pictura_webhook():
    try:
        # The raw body, exactly as received, before any JSON parsing.
        event = webhook.verify(request.get_data(), dict(request.headers))
    except WebhookVerificationError:
        abort(400)
    # event["id"] is also the webhook-id header, the same on every retry: skip ids you have handled.
    print(event["type"], event["data"]["operation"]["id"])
    return "", 204`,
  },
];

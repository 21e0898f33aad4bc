// Results of the expand, background blur and product photo tools are saved to the gallery under
// their own tool, and listed with it (the database's tool enum knows them).
import sharp from "sharp";
import { GET as list, POST as save } from "@/app/api/saved-images/route";
import { apiRequest, signedInUser } from "./helpers";
import { dataUrl } from "./imaging-helpers";

describe("saving fill tool results", () => {
  it.each(["expand", "blur_background", "product_photo"])("saves and lists a %s result under its own tool", async (tool) => {
    const { cookie } = await signedInUser({ tier: "pro" });
    const png = await sharp({ create: { width: 6, height: 4, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    const response = await save(
      apiRequest("POST", "/api/saved-images", { cookie, body: { imageUrl: dataUrl(png), tool, filename: tool, fileSize: png.length } }),
    );
    expect(response.status).toBe(200);
    const listed = await (await list(apiRequest("GET", "/api/saved-images", { cookie }))).json();
    expect(JSON.stringify(listed)).toContain(`"tool":"${tool}"`);
  });
});

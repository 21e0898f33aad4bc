// The picture a link to a page shows when pasted into a chat or a post (Open Graph, 1200×630): the
// page's name in its language and a drawn before/after of what the tool does. Made at build time by
// next/og. Its default font has no Chinese or Japanese glyphs, so every language is set in Noto Sans
// SC Bold from the npm registry (it carries Latin, kana and the CJK ideographs), read from disk: a
// build makes these images without any network.
import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ImageResponse } from "next/og";
import type { ReactNode } from "react";
import type { ShareScene } from "@/lib/tools/types";

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 };

const FONT_FILE = path.join(process.cwd(), "node_modules", "@expo-google-fonts", "noto-sans-sc", "700Bold", "NotoSansSC_700Bold.ttf");
let font: Promise<Buffer> | undefined;
const fontData = () => (font ??= readFile(FONT_FILE));

/** What the panels show: a tool's scene (its landing facts), or for a page that is not a tool the whole studio's idea, a cartoon. */
type Scene = ShareScene;

const SKY = "linear-gradient(180deg, #7dd3fc 0%, #bae6fd 60%, #fde68a 100%)";

function Panel({ label, children, background }: { label: string; children: ReactNode; background: string }) {
  return (
    <div style={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 14 }}>
      <div
        style={{
          display: "flex",
          position: "relative",
          width: 300,
          height: 360,
          borderRadius: 24,
          overflow: "hidden",
          background,
          border: "4px solid rgba(255,255,255,0.9)",
        }}
      >
        {children}
      </div>
      <div style={{ display: "flex", fontSize: 28, color: "#e2e8f0" }}>{label}</div>
    </div>
  );
}

/** A person: a head and shoulders, in the given colours. */
function Person({ skin, shirt, outline }: { skin: string; shirt: string; outline?: string }) {
  const border = outline ? `6px solid ${outline}` : "none";
  return (
    <div style={{ display: "flex", position: "absolute", left: 70, bottom: 0, width: 160, height: 250, flexDirection: "column", alignItems: "center" }}>
      <div style={{ display: "flex", width: 96, height: 96, borderRadius: 48, background: skin, border }} />
      <div style={{ display: "flex", marginTop: 10, width: 160, height: 144, borderRadius: "80px 80px 0 0", background: shirt, border }} />
    </div>
  );
}

function Hills({ flat }: { flat?: boolean }) {
  return (
    <div
      style={{
        display: "flex",
        position: "absolute",
        left: 0,
        right: 0,
        bottom: 0,
        height: 130,
        background: flat ? "#16a34a" : "linear-gradient(180deg, #4ade80, #15803d)",
        borderRadius: "50% 50% 0 0",
      }}
    />
  );
}

/** The grey and white squares image editors show where a picture is transparent. */
function Checkerboard() {
  return (
    <div style={{ display: "flex", flexWrap: "wrap", position: "absolute", top: 0, left: 0, width: 320, height: 360 }}>
      {Array.from({ length: 72 }, (_, index) => (
        <div key={index} style={{ display: "flex", width: 40, height: 40, background: (Math.floor(index / 8) + index) % 2 === 0 ? "#cbd5e1" : "#f8fafc" }} />
      ))}
    </div>
  );
}

function Layer({ children }: { children: ReactNode }) {
  return <div style={{ display: "flex", position: "absolute", top: 0, left: 0, right: 0, bottom: 0 }}>{children}</div>;
}

function Photo({ scene, after }: { scene: Scene; after: boolean }) {
  return <Layer>{photoParts(scene, after)}</Layer>;
}

/** The shapes of one panel; satori draws elements, not arrays, so Photo wraps them in one layer. */
function photoParts(scene: Scene, after: boolean): ReactNode {
  if (scene === "cutout") {
    return after
      ? [<Checkerboard key="checkerboard" />, <Person key="person" skin="#f1c27d" shirt="#6366f1" />]
      : [<Hills key="hills" />, <Person key="person" skin="#f1c27d" shirt="#6366f1" />];
  }
  if (scene === "erase" || scene === "erase-marked") {
    const stroke = scene === "erase-marked" ? "rgba(239,68,68,0.75)" : "rgba(15,23,42,0.55)";
    return [
      <Hills key="hills" />,
      <div key="sun" style={{ display: "flex", position: "absolute", top: 40, right: 40, width: 70, height: 70, borderRadius: 35, background: "#facc15" }} />,
      !after && (
        <div
          key="bin"
          style={{
            display: "flex",
            position: "absolute",
            left: 110,
            bottom: 90,
            width: 80,
            height: 120,
            borderRadius: 10,
            background: "#475569",
            border: `10px solid ${stroke}`,
          }}
        />
      ),
    ];
  }
  if (scene === "formats") {
    return (
      <div style={{ display: "flex", position: "absolute", top: 0, left: 0, right: 0, bottom: 0, alignItems: "center", justifyContent: "center" }}>
        <div style={{ display: "flex", padding: "18px 30px", borderRadius: 16, background: after ? "#0ea5e9" : "#64748b", color: "white", fontSize: 56 }}>
          {after ? "WebP" : "PNG"}
        </div>
      </div>
    );
  }
  if (scene === "caption") {
    return [
      <Hills key="hills" />,
      after && (
        <div
          key="text"
          style={{
            display: "flex",
            position: "absolute",
            top: 60,
            left: 30,
            right: 30,
            justifyContent: "center",
            padding: "10px 0",
            background: "rgba(15,23,42,0.8)",
            color: "white",
            fontSize: 44,
          }}
        >
          Aa
        </div>
      ),
    ];
  }
  if (scene === "sharpen") {
    const size = 36;
    return [
      <Hills key="hills" flat={!after} />,
      <div
        key="sun"
        style={{ display: "flex", position: "absolute", top: 50, left: 100, width: 100, height: 100, borderRadius: after ? 50 : 0, background: "#facc15" }}
      />,
      !after && (
        <div
          key="grid"
          style={{
            display: "flex",
            position: "absolute",
            top: 0,
            left: 0,
            right: 0,
            bottom: 0,
            background: `repeating-linear-gradient(90deg, rgba(15,23,42,0.22) 0 3px, transparent 3px ${size}px), repeating-linear-gradient(0deg, rgba(15,23,42,0.22) 0 3px, transparent 3px ${size}px)`,
          }}
        />
      ),
    ];
  }
  // A cartoon, and a photo made over: a photo, then the same scene in flat colours with ink outlines.
  return [
    <Hills key="hills" flat={after} />,
    <Person key="person" skin={after ? "#fcd34d" : "#f1c27d"} shirt={after ? "#f43f5e" : "#6366f1"} outline={after ? "#111827" : undefined} />,
  ];
}

function backgroundOf(scene: Scene, after: boolean): string {
  if (scene === "formats") return "linear-gradient(135deg, #1e293b, #334155)";
  if (scene === "cartoon" && after) return "#38bdf8";
  return SKY;
}

export async function shareImage({ title, brand, scene, before, after }: { title: string; brand: string; scene: Scene; before: string; after: string }) {
  return new ImageResponse(
    <div
      style={{
        display: "flex",
        width: "100%",
        height: "100%",
        alignItems: "center",
        justifyContent: "space-between",
        padding: "0 64px",
        background: "linear-gradient(135deg, #0f172a 0%, #312e81 100%)",
        fontFamily: "Noto Sans SC",
      }}
    >
      <div style={{ display: "flex", flexDirection: "column", width: 430, gap: 24 }}>
        <div style={{ display: "flex", fontSize: 34, color: "#a5b4fc" }}>{brand}</div>
        <div style={{ display: "flex", fontSize: title.length > 18 ? 54 : 68, lineHeight: 1.15, color: "white" }}>{title}</div>
      </div>
      <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
        <Panel label={before} background={backgroundOf(scene, false)}>
          <Photo scene={scene} after={false} />
        </Panel>
        <div style={{ display: "flex", fontSize: 48, color: "#c7d2fe" }}>→</div>
        <Panel label={after} background={backgroundOf(scene, true)}>
          <Photo scene={scene} after />
        </Panel>
      </div>
    </div>,
    { ...SHARE_IMAGE_SIZE, fonts: [{ name: "Noto Sans SC", data: await fontData(), weight: 700, style: "normal" }] },
  );
}

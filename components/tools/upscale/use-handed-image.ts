"use client";
// Another screen (the editor) can hand its result to this tool as `?image=/api/files/<id>`: the file
// is fetched from our own origin and used as the upload. Nothing else is fetched.
import { useEffect, useRef } from "react";

const OWN_FILE = /^\/api\/files\/[A-Za-z0-9_-]+$/;

export function useHandedImage(onImage: (file: File) => void): void {
  const latest = useRef(onImage);
  useEffect(() => {
    latest.current = onImage;
  });
  useEffect(() => {
    const handed = new URLSearchParams(window.location.search).get("image");
    if (!handed || !OWN_FILE.test(handed)) return;
    const controller = new AbortController();
    void fetch(handed, { credentials: "include", signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) return;
        const blob = await response.blob();
        if (!blob.type.startsWith("image/")) return;
        const extension = blob.type.replace("image/", "").replace("jpeg", "jpg");
        latest.current(new File([blob], `image.${extension}`, { type: blob.type }));
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
}

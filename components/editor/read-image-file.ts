// Reads an uploaded file as a data URL with its natural size, or rejects when it is not an image
// the browser can show.
export function readImageFile(file: File): Promise<{ dataUrl: string; width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error);
    reader.onload = () => {
      const dataUrl = String(reader.result);
      const image = new Image();
      image.onload = () => resolve({ dataUrl, width: image.naturalWidth, height: image.naturalHeight });
      image.onerror = () => reject(new Error("Not an image"));
      image.src = dataUrl;
    };
    reader.readAsDataURL(file);
  });
}

// A 404 outside any language (a path the proxy does not route); English, as the default language.
import Link from "next/link";
import en from "@/messages/en.json";

export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
        <h1 className="text-2xl font-semibold">{en.NotFound.title}</h1>
        <p className="text-muted-foreground">{en.NotFound.body}</p>
        <Link className="text-primary underline" href="/">
          {en.NotFound.home}
        </Link>
      </body>
    </html>
  );
}

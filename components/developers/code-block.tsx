// A titled, scrollable block of code to copy (server-rendered; the browser selects it as text).
export function CodeBlock({ title, code }: { title: string; code: string }) {
  return (
    <figure className="grid gap-1">
      <figcaption className="text-muted-foreground text-sm font-medium">{title}</figcaption>
      <pre tabIndex={0} className="bg-muted overflow-x-auto rounded-md border p-4 text-xs leading-relaxed">
        <code>{code}</code>
      </pre>
    </figure>
  );
}

// HTML fragments from the service (the financing add-on, info steps) are someone else's markup:
// they are shown in an iframe with an empty sandbox (no scripts, no same origin, no forms, no
// top navigation), so they can neither run code nor reach the bridge.

export function SandboxedHtml({
  html,
  title,
  height = 320,
}: {
  html: string;
  title: string;
  height?: number;
}) {
  return (
    <iframe
      className="sandboxed-html"
      title={title}
      sandbox=""
      srcDoc={html}
      referrerPolicy="no-referrer"
      loading="lazy"
      height={height}
    />
  );
}

// HTML fragments from the service (the financing add-on, info steps) are someone else's markup:
// they are shown in an iframe with an empty sandbox (no scripts, no same origin, no forms, no
// top navigation), so they can neither run code nor reach the bridge. With `src` (the path the
// main process serves the fragment at, under a policy of its own) their <style> applies; a
// srcdoc frame inherits the app's `style-src 'self'`, which drops it.

export function SandboxedHtml({
  html,
  src,
  title,
  height = 320,
}: {
  html: string;
  src?: string | undefined;
  title: string;
  height?: number;
}) {
  return (
    <iframe
      className="sandboxed-html"
      title={title}
      sandbox=""
      {...(src ? { src } : { srcDoc: html })}
      referrerPolicy="no-referrer"
      loading="lazy"
      height={height}
    />
  );
}

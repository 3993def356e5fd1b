import ReactMarkdown, { defaultUrlTransform, type Components } from "react-markdown";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import remarkGfm from "remark-gfm";

/**
 * The handoff page's markdown rendering before it moved to the rendering worker (commit ead8b67,
 * components/handoffs/handoff-markdown.tsx), kept verbatim as the reference that
 * markdown-to-html.test.ts compares the worker's HTML with: same plugins, same schema, same elements.
 * Test-only: it renders on the calling thread, which is what the worker exists to avoid.
 * Since then one element rule was added to both (issue 30): a task list's checkbox is drawn as ☑/☐
 * named "done"/"not done" (an unnamed disabled form control was axe-core's one critical finding), and
 * a removed link keeps its contrast in dark mode.
 */
const schema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: ["http", "https", "mailto"], src: [] },
};

const components: Components = {
  // The page has its own h1: shift the handoff's outline down one level.
  h1: ({ children }) => <h2>{children}</h2>,
  h2: ({ children }) => <h3>{children}</h3>,
  h3: ({ children }) => <h4>{children}</h4>,
  h4: ({ children }) => <h5>{children}</h5>,
  h5: ({ children }) => <h6>{children}</h6>,
  img: ({ alt, src }) => (
    <span className="not-prose inline-flex items-center gap-1 rounded border border-dashed border-zinc-300 bg-zinc-50 px-1.5 py-0.5 text-xs text-zinc-500" title={typeof src === "string" ? src : undefined}>
      image not loaded{alt ? `: ${alt}` : ""}
    </span>
  ),
  input: ({ type, checked }) =>
    type === "checkbox" ? (
      <span className="task-box mr-1 font-mono not-italic" role="img" aria-label={checked ? "done" : "not done"}>
        {checked ? "☑" : "☐"}
      </span>
    ) : (
      <input type={type} />
    ),
  a: ({ href, children }) => {
    const safe = typeof href === "string" && /^(https?:|mailto:|#|\/(?!\/))/i.test(href) ? href : undefined;
    if (!safe) return <span className="text-zinc-700 underline decoration-dotted dark:text-zinc-300" title="link removed: not an http(s) address">{children}</span>;
    return (
      <a href={safe} rel="noopener noreferrer nofollow" target={safe.startsWith("#") ? undefined : "_blank"}>
        {children}
      </a>
    );
  },
};

export function ReferenceMarkdown({ markdown }: { markdown: string }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[[rehypeSanitize, schema]]} components={components} urlTransform={defaultUrlTransform} skipHtml>
      {markdown}
    </ReactMarkdown>
  );
}

/** Rich text the platform sanitised when it was saved, drawn as it is. */
export function RichText({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`rte content-rte ${className}`.trim()} dangerouslySetInnerHTML={{ __html: html }} />;
}

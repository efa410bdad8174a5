/**
 * Why something is not offered, as the server words it ("Premium is not offered for this listing:
 * its market analytics need…"): its lead, up to the first colon, set in bold as a heading, so a
 * card says it once and not twice.
 */
export function RefusalText({ text }: { text: string }) {
  const cut = text.indexOf(': ');
  if (cut < 0) return <>{text}</>;
  return (
    <>
      <span className="block font-semibold text-slate-900">{text.slice(0, cut + 1)}</span> {text.slice(cut + 2)}
    </>
  );
}

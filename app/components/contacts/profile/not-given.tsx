/** The words for a profile field nobody filled in. */
export function NotGiven() {
  return <span className="text-slate-500 italic">Not given</span>
}

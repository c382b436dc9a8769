import {
  Building2,
  CalendarDays,
  CalendarRange,
  ChartColumn,
  CircleHelp,
  CircleUserRound,
  ClipboardList,
  IdCard,
  Contact,
  Crown,
  FileCheck,
  Folder,
  Globe,
  GraduationCap,
  HandHeart,
  LayoutDashboard,
  Library,
  LogOut,
  Megaphone,
  ReceiptText,
  Rocket,
  Settings,
  ShoppingBag,
  Star,
  Store,
  Tag,
  User,
  BrainCircuit,
  Circle,
  type LucideIcon,
} from 'lucide-react'

/**
 * Menu items name their icon the way the product always has (Material icon names, stored in
 * shortcut cookies too); this maps each name to the drawing used here.
 */
export const NAV_ICONS: Readonly<Record<string, LucideIcon>> = {
  rocket_launch: Rocket,
  dashboard: LayoutDashboard,
  event: CalendarRange,
  calendar_month: CalendarDays,
  school: GraduationCap,
  volunteer_activism: HandHeart,
  assignment: ClipboardList,
  shopping_bag: ShoppingBag,
  quiz: BrainCircuit,
  contacts: Contact,
  folder: Folder,
  campaign: Megaphone,
  reviews: Star,
  language: Globe,
  fact_check: FileCheck,
  library_books: Library,
  storefront: Store,
  local_offer: Tag,
  card_membership: IdCard,
  receipt_long: ReceiptText,
  workspace_premium: Crown,
  apartment: Building2,
  bar_chart: ChartColumn,
  settings: Settings,
  help: CircleHelp,
  logout: LogOut,
  account_circle: CircleUserRound,
  person: User,
}

export function NavIcon({ name, className = 'h-5 w-5' }: { name: string | undefined; className?: string }) {
  const Icon = (name && NAV_ICONS[name]) || Circle
  return <Icon aria-hidden className={className} strokeWidth={1.75} />
}

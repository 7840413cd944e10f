import {
  Activity,
  ArrowDownToLine,
  BarChart3,
  Briefcase,
  Building2,
  Gauge,
  Gift,
  Home,
  LayoutDashboard,
  type LucideIcon,
  MessagesSquare,
  PlusCircle,
  Settings,
  Users,
} from 'lucide-react';

export type NavItem = { href: string; labelKey: string; icon: LucideIcon };

export const desktopNav: NavItem[] = [
  { href: '/', labelKey: 'nav.dashboard', icon: LayoutDashboard },
  { href: '/groups', labelKey: 'nav.myGroups', icon: Users },
  { href: '/bank-account', labelKey: 'nav.bankAccount', icon: Building2 },
  { href: '/withdrawal', labelKey: 'nav.withdraw', icon: ArrowDownToLine },
  { href: '/history', labelKey: 'nav.history', icon: Activity },
];

export const memberDrawerNav: NavItem[] = [
  { href: '/dashboard', labelKey: 'nav.dashboard', icon: LayoutDashboard },
  { href: '/groups', labelKey: 'nav.myGroups', icon: Users },
  { href: '/create-group', labelKey: 'nav.createGroup', icon: PlusCircle },
  { href: '/group-management', labelKey: 'nav.groupManagement', icon: MessagesSquare },
  { href: '/analytics', labelKey: 'nav.analytics', icon: BarChart3 },
  { href: '/referral', labelKey: 'nav.referrals', icon: Gift },
  { href: '/bank-account', labelKey: 'nav.bankAccount', icon: Building2 },
  { href: '/withdrawal', labelKey: 'nav.withdraw', icon: ArrowDownToLine },
  { href: '/settings', labelKey: 'nav.settings', icon: Settings },
];

/** Shown only to operators (the current user reply's isOperator); the server refuses everyone else. */
export const operatorNav: NavItem[] = [
  { href: '/admin', labelKey: 'nav.systemDashboard', icon: Gauge },
  { href: '/business-operations', labelKey: 'nav.businessOperations', icon: Briefcase },
];

export const bottomBarNav: NavItem[] = [
  { href: '/dashboard', labelKey: 'nav.home', icon: Home },
  { href: '/groups', labelKey: 'nav.groups', icon: Users },
  { href: '/create-group', labelKey: 'nav.create', icon: PlusCircle },
  { href: '/withdrawal', labelKey: 'nav.withdraw', icon: ArrowDownToLine },
  { href: '/referral', labelKey: 'nav.referral', icon: Gift },
];

export const visitorNav = [
  { href: '/#how-it-works', labelKey: 'nav.howItWorks' },
  { href: '/#features', labelKey: 'nav.features' },
  { href: '/#pricing', labelKey: 'nav.pricing' },
  { href: '/about', labelKey: 'nav.about' },
  { href: '/contact', labelKey: 'nav.contact' },
];

/**
 * The phone drawer: the landing's sections as on desktop, and every other public page of the header
 * (the footer links the full how-it-works/features/pricing pages, security, compliance and legal).
 */
export const visitorDrawerNav = [
  { href: '/', labelKey: 'nav.home' },
  { href: '/#how-it-works', labelKey: 'nav.howItWorks' },
  { href: '/#features', labelKey: 'nav.features' },
  { href: '/#pricing', labelKey: 'nav.pricing' },
  { href: '/about', labelKey: 'nav.about' },
  { href: '/blog', labelKey: 'nav.blog' },
  { href: '/help', labelKey: 'nav.help' },
  { href: '/contact', labelKey: 'nav.contact' },
];

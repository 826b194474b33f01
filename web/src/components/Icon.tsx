// The icons the content file may name (server/src/site/content/checker.rs has the same list).
import {
  CircleDot,
  ClipboardCheck,
  Clock,
  Cog,
  CreditCard,
  Disc,
  Flame,
  Hammer,
  Layers,
  Link2,
  MapPin,
  Package,
  Receipt,
  Shield,
  Siren,
  SlidersHorizontal,
  TrendingUp,
  Truck,
  Users,
  Wrench,
  Zap,
  type LucideIcon,
} from "lucide-react";

export const ICONS: Record<string, LucideIcon> = {
  users: Users,
  truck: Truck,
  clock: Clock,
  wrench: Wrench,
  receipt: Receipt,
  shield: Shield,
  "credit-card": CreditCard,
  hammer: Hammer,
  cog: Cog,
  zap: Zap,
  "circle-dot": CircleDot,
  package: Package,
  layers: Layers,
  "trending-up": TrendingUp,
  disc: Disc,
  flame: Flame,
  sliders: SlidersHorizontal,
  link: Link2,
  "map-pin": MapPin,
  siren: Siren,
  "clipboard-check": ClipboardCheck,
};

export function Icon({ name, className }: { name: string; className?: string }) {
  const Component = ICONS[name] ?? Wrench;
  return <Component aria-hidden="true" className={className} />;
}

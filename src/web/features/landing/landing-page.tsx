import { PrerenderedHandOff } from '#web/lib/prerendered.ts';
import { CallToAction } from './call-to-action.tsx';
import { Features } from './features.tsx';
import { Hero } from './hero.tsx';
import { HowItWorks } from './how-it-works.tsx';
import { Pricing } from './pricing.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { Testimonials } from './testimonials.tsx';

/** The visitors' page at "/": what a savings circle is, what SaveCircle adds, what it costs. */
export default function LandingPage() {
  return (
    <div className="min-h-screen bg-slate-50">
      <SiteHeader />
      <main>
        <Hero />
        <HowItWorks />
        <Features />
        <Testimonials />
        <Pricing />
        <CallToAction />
      </main>
      <SiteFooter />
      {/* Pre-rendered at build time (decision 0046): drawn, it takes the page's place. */}
      <PrerenderedHandOff />
    </div>
  );
}

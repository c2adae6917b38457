import { Box, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

const SLIDES = [1, 2, 3, 4, 5].map((n) => `/register/slide-${n}.svg`);

/**
 * spec 1 §2 /influencer/register: two columns. Left the logo and an auto-playing slider of 5 pictures (pure CSS: the
 * first picture shows without scripts or animation); right 'Register with {brand}' and the step's content.
 */
export function RegisterShell({ brand, children }: { brand: string; children: ReactNode }) {
  return (
    <main className="register">
      <section className="register-side" aria-label={`${brand} influencers`}>
        <a href="/influencer/register" className="register-logo">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <span>{brand}</span>
        </a>
        <div className="register-slider" aria-hidden="true">
          {SLIDES.map((src, i) => (
            <img key={src} src={src} alt="" className="register-slide" style={{ animationDelay: `${i * 4}s` }} />
          ))}
        </div>
        <Text as="p" size="4" weight="medium" className="register-tagline">
          Go live, present the products you love, and earn with the shops of {brand}.
        </Text>
      </section>
      <section className="register-main">
        <Box className="register-card">
          <Heading as="h1" size="7" mb="4">
            Register with {brand}
          </Heading>
          {children}
        </Box>
      </section>
    </main>
  );
}

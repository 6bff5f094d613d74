import type { PartnerLogo } from "../partners.js";

// PLACEHOLDER: all six organisations are fictional; replace names and logo files with the
// real partners (with their permission to show their logos).
export const partnersSeed: readonly PartnerLogo[] = [
  {
    src: "/images/partners/northmere-university.svg",
    alt: "Northmere University",
    width: 264,
    height: 80,
  },
  {
    src: "/images/partners/kestrel-partners.svg",
    alt: "Kestrel Partners Network",
    width: 264,
    height: 80,
  },
  {
    src: "/images/partners/westhollow-university.svg",
    alt: "Westhollow University",
    width: 264,
    height: 80,
  },
  {
    src: "/images/partners/alderbrook-library.svg",
    alt: "Alderbrook Public Library",
    width: 264,
    height: 80,
  },
  {
    src: "/images/partners/fernway-association.svg",
    alt: "Fernway Library Association",
    width: 264,
    height: 80,
  },
  {
    src: "/images/partners/lanternlight-fund.svg",
    alt: "Lanternlight Community Fund",
    width: 264,
    height: 80,
  },
];

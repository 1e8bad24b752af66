/**
 * What a shared link shows before anyone opens it (docs/product.md#link-previews): the title,
 * description and generated card that link-preview robots (WhatsApp, Telegram, Slack…) read, and
 * the words the Share button sends with a link. The server formats the values it passes in (money
 * as "₹1,200", times on the campus clock); these only word them.
 */
export const LINK_PREVIEWS = {
  appName: 'CampusRun',
  /** What anything not previewable (unknown, removed, held, expired…) says: the app, nothing of the item. */
  tagline: 'Connecting hostellers and day scholars at the campus.',
  open: 'Open in CampusRun',
  /** The preview image of anything that does not preview. */
  notFound: 'Preview not found',
  product: {
    title: (name: string, price: string) => `${name} — ${price}`,
    /** The card's line over the name, by the product's status. */
    kicker: { available: 'For sale', reserved: 'Reserved', sold: 'Sold' },
    photoAlt: (name: string) => `Photo of ${name}`,
  },
  trip: {
    title: (from: string) => `Trip from ${from}`,
    kicker: 'Coming to campus',
    cardTitle: (from: string) => `From ${from}`,
    arrives: (at: string) => `Arrives ${at}`,
    addBy: (at: string) => `add requests by ${at}`,
    cardAddBy: (at: string) => `Add your requests by ${at}`,
  },
  run: {
    title: (place: string) => `Shared run to ${place}`,
    kicker: 'Shared run',
    cardTitle: (place: string) => `To ${place}`,
    joinBy: (at: string) => `Join by ${at}`,
    deliveredBy: (at: string) => `Delivery by ${at}`,
    fee: (fee: string) => `${fee} delivery fee, split between everyone in it`,
  },
  wanted: {
    title: (title: string, price: string) => `Wanted: ${title} — up to ${price}`,
    kicker: 'Wanted',
    upTo: (price: string) => `Up to ${price}`,
    photoAlt: (title: string) => `Photo of ${title}, wanted`,
  },
} as const;

/** The words the Share button sends with a link (the link itself goes as the address). */
export const SHARE_TEXTS = {
  product: (name: string, price: string) => LINK_PREVIEWS.product.title(name, price),
  trip: (from: string, arrives: string) => `Trip from ${from}, arriving ${arrives}`,
} as const;

// One listing of the directory, as views.businessCard renders it (the same
// elements, classes and spaces, so the server's HTML and React's agree).
import { useEffect, useState, type FormEvent } from "react";

export type BusinessCard = {
  slug: string;
  name: string;
  description: string;
  category: string; // label
  subCategory: string;
  location: string;
  rating: number;
  reviews: number;
  verified: boolean;
  claimed: boolean;
  featured: boolean;
  tags: string[] | null;
  moreTags: number;
  saved: boolean; // by the signed-in visitor
  logo: Image; // the logo, or the initials placeholder
  lazyLogo: boolean; // below the first screen: loads when scrolled to
  distance?: string; // from the place searched near ("3.2 mi"); none without one
  hours?: string; // "Open until 6 pm", "Opens at 9 am"; none when it shows no hours
  open?: boolean; // open now
  at?: { lat: number; lng: number }; // where it is; none when not located
};

// Image is views.Image: a stored picture's variants and size.
export type Image = {
  src: string;
  srcset?: string;
  sizes?: string;
  width: number;
  height: number;
  alt: string;
};

// CardLogo is views.cardLogo: decorative (the name stands by it), its
// size set so nothing moves when it loads.
export const CardLogo = ({ b }: { b: BusinessCard }) => (
  <img
    className="business-logo"
    src={b.logo.src}
    srcSet={b.logo.srcset || undefined}
    sizes={b.logo.srcset ? b.logo.sizes : undefined}
    width={b.logo.width}
    height={b.logo.height}
    alt=""
    loading={b.lazyLogo ? "lazy" : undefined}
    decoding="async"
  />
);

// The icons' contents, as in views/icons.go.
const paths = {
  search: `<circle cx="11" cy="11" r="8"/><path d="m21 21-4.3-4.3"/>`,
  "shield-check": `<path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z"/><path d="m9 12 2 2 4-4"/>`,
  star: `<path d="M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2z"/>`,
  "map-pin": `<path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z"/><circle cx="12" cy="10" r="3"/>`,
  layers: `<path d="m12 2 10 5-10 5L2 7Z"/><path d="m2 17 10 5 10-5M2 12l10 5 10-5"/>`,
  menu: `<path d="M4 6h16M4 12h16M4 18h16"/>`,
  clock: `<circle cx="12" cy="12" r="10"/><path d="M12 6v6l4 2"/>`,
};

export const Icon = ({ name }: { name: keyof typeof paths }) => (
  <svg
    className="icon"
    xmlns="http://www.w3.org/2000/svg"
    width="24"
    height="24"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    dangerouslySetInnerHTML={{ __html: paths[name] }}
  />
);

// formatInt writes 1234 as "1,234", as views.formatInt does.
export const formatInt = (n: number) => n.toLocaleString("en-US");

// ratingText writes a rating to one decimal, halves up from its
// hundredths, as views.RoundRating does (so 4.35 reads 4.4 on both).
export const ratingText = (r: number) => (Math.floor((Math.round(r * 100) + 5) / 10) / 10).toFixed(1);

// reviewsNoun writes "1 review" or "1,234 reviews", as views.reviewsNoun does.
export const reviewsNoun = (n: number) => (n === 1 ? "1 review" : formatInt(n) + " reviews");

// toast shows a toast through main.js's listener (importing ../toast would
// split it out of main.js into a chunk of its own).
export const toast = (detail: { title: string; description?: string; variant?: string }) =>
  document.dispatchEvent(new CustomEvent("toast", { detail }));

// SaveButton is views.SaveButton: a form that works without JavaScript;
// with it, the island sends it itself (as htmx would) and turns the button
// over in place. A signed-out visitor is sent to sign in.
export function SaveButton({ b, next }: { b: BusinessCard; next: string }) {
  const [saved, setSaved] = useState(b.saved);
  const [busy, setBusy] = useState(false);
  useEffect(() => setSaved(b.saved), [b.saved]);
  const action = "/directory/" + b.slug + (saved ? "/unsave" : "/save");
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    fetch(action, { method: "POST", headers: { "HX-Request": "true" }, body: new URLSearchParams({ next }) })
      .then((res) => {
        const to = res.headers.get("HX-Redirect");
        if (to) {
          location.assign(to);
          return;
        }
        const shown = JSON.parse(res.headers.get("HX-Trigger") || "{}").toast;
        if (!res.ok) throw shown || new Error(`HTTP ${res.status}`);
        setSaved(!saved);
        if (shown) toast(shown);
      })
      .catch((err) => toast(err && err.title ? err : { title: "Error", description: "That did not work. Please try again.", variant: "destructive" }))
      .finally(() => setBusy(false));
  };
  return (
    <form className="save-form" method="post" action={action} onSubmit={submit}>
      <input type="hidden" name="next" value={next} />{" "}
      <button className="btn btn-ghost btn-sm save-toggle" type="submit" aria-pressed={saved}>
        {saved ? (
          <>
            Saved<span className="visually-hidden">{" — remove " + b.name}</span>
          </>
        ) : (
          <>
            Save<span className="visually-hidden">{" " + b.name}</span>
          </>
        )}
      </button>
    </form>
  );
}

// OpenStatus is views.openBadge: whether a listing is open now ("Open
// until 6 pm", "Opens at 9 am").
export const OpenStatus = ({ open, label }: { open: boolean; label: string }) => (
  <p className={open ? "open-status is-open" : "open-status"} data-testid="open-status">
    <Icon name="clock" />
    {label}
  </p>
);

export function Card({ b, next }: { b: BusinessCard; next: string }) {
  const href = "/directory/" + b.slug;
  const tags = b.tags || [];
  return (
    <li className="business-card card">
      <div className="business-card-head">
        <CardLogo b={b} />
        <h3>
          <a href={href}>{b.name}</a>
        </h3>
        <div className="badges">
          {b.featured && <><span className="badge badge-warning">Featured</span> </>}
          {b.verified && (
            <>
              <span className="badge badge-success">
                <Icon name="shield-check" />
                Verified
              </span>{" "}
            </>
          )}
          {b.claimed && <span className="badge badge-primary">Claimed</span>}
        </div>
      </div>
      <p className="muted small">
        {b.category} {b.subCategory ? "· " + b.subCategory : null}
      </p>
      <p className="business-meta">
        {b.reviews > 0 ? (
          <span className="rating">
            <Icon name="star" />
            <strong>{ratingText(b.rating)}</strong> <span className="muted">({reviewsNoun(b.reviews)})</span>
          </span>
        ) : (
          <span className="rating muted">No reviews yet</span>
        )}{" "}
        {b.location ? (
          <>
            <span>
              <Icon name="map-pin" />
              {b.location}
            </span>{" "}
          </>
        ) : null}
        {b.distance ? (
          <span className="distance" data-testid="distance">
            {b.distance}
          </span>
        ) : null}
      </p>
      {b.hours ? <OpenStatus open={!!b.open} label={b.hours} /> : null}
      <p className="business-desc">{b.description}</p>
      {tags.length > 0 && (
        <ul className="tags" aria-label="Tags">
          {tags.map((t, i) => (
            <li key={i}>{t}</li>
          ))}
          {b.moreTags > 0 && <li className="more">+{b.moreTags} more</li>}
        </ul>
      )}
      <div className="card-actions">
        <a className="btn btn-outline btn-sm" href={href}>
          View Profile<span className="visually-hidden">: {b.name}</span>
        </a>{" "}
        <a className="btn btn-primary btn-sm" href={href + "/contact"}>
          Contact<span className="visually-hidden"> {b.name}</span>
        </a>
        <SaveButton b={b} next={next} />
      </div>
    </li>
  );
}

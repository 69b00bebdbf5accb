// The profile wizard: the server's long form (views.listingFieldsets) in
// four steps. Every field stays inside one <form>; the steps not shown are
// hidden, so the browser posts them all, with the server's field names.
import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent, type MouseEvent, type ReactNode } from "react";
import { ImagesPart } from "./Images";
import {
  check,
  checkAlt,
  checkImages,
  checkStep,
  clearDraft,
  hoursKey,
  imageFields,
  photoAlt,
  rekeyAltErrors,
  savedImages,
  stepFields,
  stepOf,
  writeDraft,
  type Ctx,
  type Errors,
  type Images,
  type Option,
  type Props,
  type TextField as Name,
  type Upload,
  type Values,
  type VisibilityField,
} from "./model";

const alertPath = `<path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3Z"/><path d="M12 9v4M12 17h.01"/>`;
const infoPath = `<circle cx="12" cy="12" r="10"/><path d="M12 16v-4M12 8h.01"/>`;

const Icon = ({ path }: { path: string }) => (
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
    dangerouslySetInnerHTML={{ __html: path }}
  />
);

const FieldError = ({ id, msg }: { id?: string; msg: string }) => (
  <p className="field-error" id={id}>
    <Icon path={alertPath} />
    {msg}
  </p>
);

// idOf is the id of the control a field's error points to.
const idOf = (field: string) => (field.startsWith("hours_") ? `f-${field}_open` : `f-${field}`);

type FieldProps = {
  name: Name;
  label: string;
  type?: "text" | "email" | "tel" | "url" | "textarea";
  hint?: string;
  autoComplete?: string;
  rows?: number;
};

export type Start = { values: Values; step: number; errors: Errors; restored: boolean; owner: string; images: Images };

const noImages: Images = { logo: null, photos: [] };

export function Wizard({ props, start, base }: { props: Props; start: Start; base: Values }) {
  const [values, setValues] = useState(start.values);
  const [images, setImages] = useState(start.images);
  const imageRules = props.form.Images?.rules;
  const [errors, setErrors] = useState(start.errors);
  const [step, setStep] = useState(start.step);
  const [restored, setRestored] = useState(start.restored);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<null | "signed-out" | "offline">(null);
  const focus = useRef<string | null>(null);
  // dirty: the values are the visitor's and belong in the draft.
  const dirty = useRef(start.restored || Object.keys(start.errors).length > 0);
  const key = "draft:" + props.draftKey;
  const last = props.steps.length - 1;
  const ctx: Ctx = { rules: props.rules, hours: props.hours, steps: props.steps, days: props.form.Hours.map((d) => d.day) };

  useEffect(() => {
    if (dirty.current) writeDraft(key, { owner: start.owner, values, step, images: savedImages(images) });
  }, [values, step, images, key]);

  // Move the focus where the last action asked: a step's heading, or the
  // first field to correct.
  useLayoutEffect(() => {
    const id = focus.current;
    focus.current = null;
    if (id) document.getElementById(id)?.focus();
  });

  // Back from the next page (back/forward cache): the form is usable again.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) setBusy(false);
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  const update = (next: Values, fields: string[]) => {
    dirty.current = true;
    setValues(next);
    // A field already marked is checked again as it changes, so the
    // message goes once the value is right.
    if (fields.some((f) => errors[f])) {
      const e = { ...errors };
      for (const f of fields) {
        if (!e[f]) continue;
        const msg = check(f, next, ctx);
        if (msg) e[f] = msg;
        else delete e[f];
      }
      setErrors(e);
    }
  };

  const onText = (name: Name) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    update({ ...values, [name]: e.target.value }, [name]);
  const onShow = (name: VisibilityField) => (e: ChangeEvent<HTMLInputElement>) => update({ ...values, [name]: e.target.checked }, []);
  const onDay = (i: number, part: "open" | "close" | "closed") => (e: ChangeEvent<HTMLInputElement>) => {
    const hours = values.hours.map((d, j) => (j === i ? { ...d, [part]: part === "closed" ? e.target.checked : e.target.value } : d));
    update({ ...values, hours }, [hoursKey(i)]);
  };

  const goTo = (n: number) => {
    focus.current = `wizard-step-${n}`;
    setStep(n);
  };

  // validate checks the given steps; it shows their messages and returns
  // the first step with a problem, or -1.
  const validate = (steps: number[]): number => {
    const e = { ...errors };
    let first = -1;
    let firstField = "";
    for (const s of steps) {
      for (const f of stepFields(s, values, ctx)) delete e[f];
      const found = checkStep(s, values, ctx);
      if (imageRules && props.steps[s].fields.includes("photos")) {
        for (const f of Object.keys(e)) if (/^photo_\d+_alt$/.test(f) || f === "photos" || f === "upload") delete e[f];
        Object.assign(found, checkImages(images, imageRules));
      }
      Object.assign(e, found);
      const fields = Object.keys(found);
      if (first < 0 && fields.length) {
        first = s;
        firstField = fields[0];
      }
    }
    setErrors(e);
    if (first >= 0) {
      setStep(first);
      focus.current = idOf(firstField);
    }
    return first;
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (busy) {
      e.preventDefault();
      return;
    }
    if (step < last) {
      // 'Next' (or Enter in a field) checks this step before moving on.
      e.preventDefault();
      if (validate([step]) < 0) goTo(step + 1);
      return;
    }
    e.preventDefault();
    if (validate(props.steps.map((_, i) => i)) >= 0) return;
    const form = e.currentTarget;
    setBusy(true);
    setProblem(null);
    writeDraft(key, { owner: start.owner, values, step, images: savedImages(images) });
    // Check the session first: a form posted after it ended would land on
    // the sign-in page, and then on the dashboard.
    fetch(location.pathname + location.search, { redirect: "manual", cache: "no-store", credentials: "same-origin" })
      .then((res) => {
        void res.body?.cancel();
        if (res.type === "opaqueredirect" || res.status === 401 || res.status === 403) {
          setBusy(false);
          setProblem("signed-out");
          return;
        }
        // The browser posts the form. The draft stays, marked sent, until
        // the wizard shows again: coming back from the sign-in page brings
        // it back, anything else drops it (a failed submission comes back
        // with the values anyway).
        writeDraft(key, { owner: start.owner, values, step, images: savedImages(images), submitted: true });
        dirty.current = false;
        form.submit();
      })
      .catch(() => {
        setBusy(false);
        setProblem("offline");
      });
  };

  const startOver = () => {
    clearDraft(key);
    dirty.current = false;
    setValues(base);
    setImages(noImages);
    setErrors({});
    setRestored(false);
    goTo(0);
  };

  // Images: uploads report as they go (change); the owner's moves and
  // removals renumber the photos' fields, so their messages follow them.
  const changeImages = (f: (i: Images) => Images) => {
    dirty.current = true;
    setImages(f);
  };
  const rearrange = (f: (p: Upload[]) => Upload[]) => {
    const next = f(images.photos);
    setErrors(rekeyAltErrors(errors, images.photos, next));
    changeImages((i) => ({ ...i, photos: f(i.photos) }));
  };
  const altChanged = (index: number, alt: string) => {
    const target = images.photos.filter((p) => !p.error)[index];
    if (!target) return;
    changeImages((i) => ({ ...i, photos: i.photos.map((p) => (p.key === target.key ? { ...p, alt } : p)) }));
    const f = photoAlt(index);
    if (errors[f] && imageRules) {
      const e = { ...errors };
      const msg = checkAlt(alt, imageRules);
      if (msg) e[f] = msg;
      else delete e[f];
      setErrors(e);
    }
  };
  const imagesSummary = (): ReactNode => {
    const n = images.photos.filter((p) => p.id && !p.error).length;
    const parts = [images.logo?.id ? "A logo" : "", n ? `${n} photo${n > 1 ? "s" : ""}` : ""].filter(Boolean);
    return shown(parts.join(" and "));
  };

  const described = (id: string, hint?: string, err?: string) =>
    [hint ? id + "-hint" : "", err ? id + "-error" : ""].filter(Boolean).join(" ") || undefined;

  const field = ({ name, label, type = "text", hint = props.hints?.[name], autoComplete, rows }: FieldProps) => {
    const id = "f-" + name;
    const err = errors[name];
    const rule = props.rules[name];
    const required = !!rule.required;
    const common = {
      id,
      name,
      value: values[name],
      onChange: onText(name),
      required,
      maxLength: rule.maxLength || undefined,
      "aria-describedby": described(id, hint, err),
      "aria-invalid": err ? ("true" as const) : undefined,
    };
    return (
      <div className={"field" + (err ? " has-error" : "")}>
        <label htmlFor={id}>
          {label} {!required && <span className="optional">(optional)</span>}
        </label>
        {type === "textarea" ? (
          <textarea {...common} rows={Math.max(rows || 4, 4)} />
        ) : (
          <input {...common} type={type} autoComplete={autoComplete} />
        )}
        {hint && (
          <p className="hint" id={id + "-hint"}>
            {hint}
          </p>
        )}
        {err && <FieldError id={id + "-error"} msg={err} />}
      </div>
    );
  };

  const select = (name: Name, label: string, autoComplete?: string) => {
    const id = "f-" + name;
    const err = errors[name];
    const opts = options(name);
    return (
      <div className={"field" + (err ? " has-error" : "")}>
        <label htmlFor={id}>{label}</label>
        <select
          id={id}
          name={name}
          autoComplete={autoComplete}
          required={!!props.rules[name].required}
          value={opts.some((o) => o.Value === values[name]) ? values[name] : ""}
          onChange={onText(name)}
          aria-invalid={err ? "true" : undefined}
          aria-describedby={err ? id + "-error" : undefined}
        >
          <option value="" disabled={!!props.rules[name].required}>
            Choose…
          </option>
          {opts.map((o) => (
            <option key={o.Value} value={o.Value}>
              {o.Label}
            </option>
          ))}
        </select>
        {err && <FieldError id={id + "-error"} msg={err} />}
      </div>
    );
  };

  const heading = (i: number) => (
    <h2 className="wizard-heading" id={`wizard-step-${i}`} tabIndex={-1}>
      <span className="step-number" aria-hidden="true">
        {i + 1}
      </span>
      <span className="visually-hidden">
        Step {i + 1} of {props.steps.length}:{" "}
      </span>
      {props.steps[i].title}
    </h2>
  );

  const stepHasErrors = (i: number) => Object.keys(errors).some((f) => errors[f] && stepOf(f, props.steps) === i);
  const options = (name: Name): Option[] => props.rules[name].options ?? [];
  const label = (name: Name, v: string) => options(name).find((o) => o.Value === v)?.Label || v;
  const shown = (v: string): ReactNode => (v.trim() ? v : <span className="muted">Not given</span>);
  const days = props.form.Hours.map((d) => d.day);

  const summary = (i: number, rows: [string, ReactNode][]) => (
    <section className="wizard-summary" aria-labelledby={`wizard-summary-${i}`}>
      <div className="wizard-summary-head">
        <h3 id={`wizard-summary-${i}`}>{props.steps[i].title}</h3>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => goTo(i)}>
          Edit<span className="visually-hidden"> {props.steps[i].title}</span>
        </button>
      </div>
      <dl>
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );

  // A second click of a double click on 'Next' would land on 'Create
  // Profile', which takes its place: ignore it.
  const noDoubleClick = (e: MouseEvent<HTMLButtonElement>) => {
    if (e.detail > 1) e.preventDefault();
  };

  const visibility: [VisibilityField, string][] = [
    ["show_email", "Email address"],
    ["show_phone", "Phone number"],
    ["show_address", "Street address and ZIP code"],
    ["show_hours", "Opening hours"],
  ];

  return (
    <form className="card listing-form wizard" method="post" action={props.action} noValidate onSubmit={onSubmit}>
      {restored && (
        <div className="notice wizard-draft" role="status">
          <Icon path={infoPath} />
          <p>We restored the draft you were working on in this browser.</p>
          <button type="button" className="btn btn-outline btn-sm" onClick={startOver}>
            Start over
          </button>
        </div>
      )}
      <ol className="wizard-steps" aria-label="Progress">
        {props.steps.map((s, i) => (
          <li
            key={s.title}
            className={(i === step ? "current" : i < step ? "done" : "") + (stepHasErrors(i) ? " has-error" : "")}
            aria-current={i === step ? "step" : undefined}
          >
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="wizard-step-title">
              <span className="visually-hidden">Step {i + 1}: </span>
              {s.title}
              {i < step && <span className="visually-hidden"> (done)</span>}
              {stepHasErrors(i) && <span className="visually-hidden"> (needs correcting)</span>}
            </span>
          </li>
        ))}
      </ol>

      <fieldset className="form listing-step" data-step="0" hidden={step !== 0} aria-labelledby="wizard-step-0">
        {heading(0)}
        {field({ name: "name", label: "Business name", autoComplete: "organization" })}
        {field({ name: "tagline", label: "Tagline", hint: "One line that says what you do best." })}
        {field({ name: "description", label: "Description", type: "textarea", hint: "What you offer, to whom, and what makes you different." })}
        <div className="form-row">
          {select("category", "Category")}
          {field({ name: "sub_category", label: "Sub-category", hint: "For example: Bakery & Cafe" })}
        </div>
        <div className="form-row">
          {field({ name: "tags", label: "Tags", hint: "Words customers search for, separated by commas." })}
          {select("business_type", "Business type")}
        </div>
        {imageRules && (
          <ImagesPart
            rules={imageRules}
            images={images}
            errors={errors}
            change={changeImages}
            rearrange={rearrange}
            altChanged={altChanged}
            fieldError={(id, msg) => <FieldError id={id} msg={msg} />}
          />
        )}
      </fieldset>

      <fieldset className="form listing-step" data-step="1" hidden={step !== 1} aria-labelledby="wizard-step-1">
        {heading(1)}
        <div className="form-row">
          {field({ name: "email", label: "Email", type: "email", autoComplete: "email" })}
          {field({ name: "phone", label: "Phone", type: "tel", autoComplete: "tel" })}
        </div>
        {field({ name: "website", label: "Website", type: "url", autoComplete: "url", hint: "Starting with https://" })}
        {field({ name: "address", label: "Street address", autoComplete: "address-line1" })}
        <div className="form-row three">
          {field({ name: "city", label: "City", autoComplete: "address-level2" })}
          {select("state", "State", "address-level1")}
          {field({ name: "zip_code", label: "ZIP code", autoComplete: "postal-code" })}
        </div>
      </fieldset>

      <fieldset className="form listing-step" data-step="2" hidden={step !== 2} aria-labelledby="wizard-step-2">
        {heading(2)}
        {errors.hours && <FieldError id="f-hours-error" msg={errors.hours} />}
        <div className="hours-grid" role="group" aria-label="Opening hours">
          {values.hours.map((d, i) => {
            const k = hoursKey(i);
            const err = errors[k];
            const desc = `day-${i}` + (err ? ` f-${k}-error` : "");
            const day = days[i];
            return (
              <div key={k} className={"hours-day" + (err ? " has-error" : "") + (d.closed ? " is-closed" : "")}>
                <span className="hours-name" id={`day-${i}`}>
                  {day}
                </span>
                <label className="visually-hidden" htmlFor={`f-${k}_open`}>
                  {day} opens
                </label>
                <input
                  id={`f-${k}_open`}
                  name={`${k}_open`}
                  type="time"
                  value={d.open}
                  onChange={onDay(i, "open")}
                  aria-describedby={desc}
                  aria-invalid={err ? "true" : undefined}
                />
                <span aria-hidden="true">–</span>
                <label className="visually-hidden" htmlFor={`f-${k}_close`}>
                  {day} closes
                </label>
                <input
                  id={`f-${k}_close`}
                  name={`${k}_close`}
                  type="time"
                  value={d.close}
                  onChange={onDay(i, "close")}
                  aria-describedby={desc}
                  aria-invalid={err ? "true" : undefined}
                />
                <label className="inline-check">
                  <input type="checkbox" name={`${k}_closed`} value="1" checked={d.closed} onChange={onDay(i, "closed")} />
                  Closed<span className="visually-hidden"> on {day}</span>
                </label>
                {err && <FieldError id={`f-${k}-error`} msg={err} />}
              </div>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="form listing-step" data-step="3" hidden={step !== 3} aria-labelledby="wizard-step-3">
        {heading(3)}
        <p className="muted">Check what you entered, then create your profile.</p>
        <div className="wizard-review">
          {summary(0, [
            ["Business name", shown(values.name)],
            ["Tagline", shown(values.tagline)],
            ["Description", shown(values.description)],
            ["Category", shown(label("category", values.category))],
            ["Sub-category", shown(values.sub_category)],
            ["Tags", shown(values.tags)],
            ["Business type", shown(label("business_type", values.business_type))],
            ...(imageRules ? [["Logo and photos", imagesSummary()] as [string, ReactNode]] : []),
          ])}
          {summary(1, [
            ["Email", shown(values.email)],
            ["Phone", shown(values.phone)],
            ["Website", shown(values.website)],
            ["Street address", shown(values.address)],
            ["City", shown(values.city)],
            ["State", shown(label("state", values.state))],
            ["ZIP code", shown(values.zip_code)],
          ])}
          {summary(
            2,
            values.hours.map((d, i) => [days[i], d.closed ? "Closed" : d.open && d.close ? `${d.open}–${d.close}` : shown("")]),
          )}
        </div>
        {field({ name: "services", label: "Services", type: "textarea", hint: "One service per line." })}
        <input type="hidden" name="visibility_sent" value="1" />
        <fieldset className="visibility">
          <legend>What visitors can see</legend>
          <p className="hint">
            Everything is public unless you switch it off. Hidden details appear nowhere on your page or in search results.
          </p>
          {visibility.map(([name, text]) => (
            <label className="inline-check" key={name}>
              <input type="checkbox" name={name} value="1" checked={values[name]} onChange={onShow(name)} />
              Show {text}
            </label>
          ))}
        </fieldset>
      </fieldset>

      {problem && (
        <div className="notice notice-error" role="alert">
          <Icon path={alertPath} />
          {problem === "signed-out" ? (
            <p>
              You have been signed out, so your profile was not sent. What you entered is kept in this browser:{" "}
              <a href={"/login?next=" + encodeURIComponent(location.pathname)}>sign in again</a> to finish.
            </p>
          ) : (
            <p>Your profile could not be sent: check your connection and try again. What you entered is kept in this browser.</p>
          )}
        </div>
      )}
      {imageFields(images).map(([n, v]) => (
        <input key={n} type="hidden" name={n} value={v} />
      ))}
      <div className="form-actions wizard-actions">
        <button type="button" className="btn btn-outline btn-lg" disabled={step === 0} onClick={() => goTo(step - 1)}>
          Previous
        </button>
        {step < last ? (
          <button key="next" type="submit" className="btn btn-primary btn-lg">
            Next
          </button>
        ) : (
          <button
            key="create"
            type="submit"
            className="btn btn-primary btn-lg"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={noDoubleClick}
          >
            {busy ? "Loading..." : "Create Profile"}
          </button>
        )}
      </div>
    </form>
  );
}

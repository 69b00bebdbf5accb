import { useRef, useState } from "react";
import { checkAlt, checkFile, fileHint, send } from "../upload";
import {
  editForm,
  move,
  moveTo,
  readAnswer,
  withCover,
  type Photo,
  type Props,
} from "./model";

// A file chosen but not sent yet: its preview, its description and how its
// upload goes.
type Queued = {
  key: number;
  file: File;
  preview: string;
  alt: string;
  progress: number | null; // 0-100 while sending
  errors: Record<string, string>;
};

// Start is what the owner did in the server's forms before the island
// mounted: text typed, a cover chosen, files chosen.
export type Start = { alt: string; alts: Record<number, string>; cover: number; files: File[] };

function toast(title: string, description = "", variant: "" | "destructive" = "") {
  document.dispatchEvent(new CustomEvent("toast", { detail: { title, description, variant } }));
}

let nextKey = 1;

// queued is a chosen file, checked at once.
function queued(file: File, alt: string, props: Props): Queued {
  const e = checkFile(file, props.rules);
  return { key: nextKey++, file, preview: URL.createObjectURL(file), alt, progress: null, errors: e ? { file: e } : {} };
}

// Images is the Photos part of the manage page's "Logo and photos"
// section: the server's forms, plus a drop zone, previews, progress, and
// reordering by drag and drop or by the Move buttons, each change sent to
// the same endpoints as the forms.
export function Images({ props, start }: { props: Props; start: Start }) {
  const [photos, setPhotos] = useState<Photo[]>(() =>
    props.photos.map((p) => ({ ...p, alt: start.alts[p.id] ?? p.alt, cover: start.cover ? p.id === start.cover : p.cover })),
  );
  const [max, setMax] = useState(props.max);
  const [queue, setQueue] = useState<Queued[]>(() => start.files.map((file, i) => queued(file, i === 0 ? start.alt : "", props)));
  const [alt, setAlt] = useState(start.files.length > 0 ? "" : start.alt);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [dragID, setDragID] = useState<number | null>(null);
  const [status, setStatus] = useState("");
  const fileInput = useRef<HTMLInputElement>(null);
  const full = photos.length >= max;
  const m = props.rules;

  const add = (files: FileList | File[]) => {
    const list = Array.from(files);
    if (list.length === 0) return;
    setErrors({});
    const first = nextKey;
    setQueue((q) => [...q, ...list.map((file, i) => queued(file, q.length === 0 && i === 0 ? alt : "", props))]);
    if (fileInput.current) fileInput.current.value = "";
    // On to the first new file's description.
    requestAnimationFrame(() => document.getElementById("queued-alt-" + first)?.focus());
  };
  const drop = (key: number) =>
    setQueue((q) => {
      const gone = q.find((x) => x.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return q.filter((x) => x.key !== key);
    });
  const patch = (key: number, p: Partial<Queued>) => setQueue((q) => q.map((x) => (x.key === key ? { ...x, ...p } : x)));

  const upload = async () => {
    if (queue.length === 0) {
      setErrors({ file: m.noFile });
      fileInput.current?.focus();
      return;
    }
    // Every file checked first: nothing is sent while one needs a fix.
    let bad = false;
    for (const q of queue) {
      const e: Record<string, string> = {};
      const fe = checkFile(q.file, props.rules);
      const ae = checkAlt(q.alt, props.rules);
      if (fe) e.file = fe;
      if (ae) e.alt = ae;
      patch(q.key, { errors: e });
      bad ||= Object.keys(e).length > 0;
    }
    if (bad) {
      setStatus("Some photos need a fix before they can be uploaded.");
      return;
    }
    setBusy(true);
    let added = 0;
    for (const q of queue) {
      const f = new FormData();
      f.append("kind", "photo");
      f.append("alt", q.alt.trim());
      f.append("file", q.file, q.file.name);
      patch(q.key, { progress: 0 });
      const res = await send(props.endpoint, f, (done) => patch(q.key, { progress: Math.round(done * 100) }));
      const a = readAnswer(res.status, res.text, m);
      if (a.ok) {
        added++;
        setPhotos(a.photos);
        setMax(a.max || max);
        drop(q.key);
      } else {
        patch(q.key, { progress: null, errors: a.errors });
      }
    }
    setBusy(false);
    if (added > 0) {
      setAlt("");
      toast(added === 1 ? "Photo added" : `${added} photos added`, "They show on your listing's page.");
    }
  };

  // save sends the photos' order, cover and descriptions (the Save photos
  // form); what moved is said in the status line.
  const save = async (next: Photo[], said: string): Promise<boolean> => {
    setPhotos(next);
    const errs: Record<string, string> = {};
    for (const p of next) {
      const e = checkAlt(p.alt, props.rules);
      if (e) errs["alt_" + p.id] = e;
    }
    setErrors(errs);
    if (Object.keys(errs).length > 0) {
      setStatus("Describe every photo before saving.");
      return false;
    }
    setBusy(true);
    const res = await send(props.endpoint + "/edit", editForm(next));
    setBusy(false);
    const a = readAnswer(res.status, res.text, m);
    if (a.ok) {
      setPhotos(a.photos);
      setStatus(said);
      return true;
    }
    setErrors(a.errors);
    setStatus(a.errors.file || "Your photos were not saved.");
    return false;
  };

  const remove = async (p: Photo, n: number) => {
    if (!window.confirm(`Delete photo ${n}? It no longer shows on your listing's page.`)) return;
    setBusy(true);
    const res = await send(`${props.endpoint}/${p.id}/delete`, new URLSearchParams());
    setBusy(false);
    const a = readAnswer(res.status, res.text, m);
    if (a.ok) {
      setPhotos(a.photos);
      setMax(a.max || max);
      toast("Photo deleted", "It no longer shows on your listing.");
    } else {
      toast("The photo was not deleted", "Please try again in a moment.", "destructive");
    }
  };

  const moveBy = (p: Photo, dir: "up" | "down") => {
    if (busy) return;
    const next = move(photos, p.id, dir);
    const place = next.findIndex((x) => x.id === p.id) + 1;
    void save(next, `Photo moved to place ${place} of ${next.length}, and saved.`);
    // Keep the focus on the button that moved with the photo, or its
    // neighbour at an end.
    requestAnimationFrame(() => {
      const b = document.querySelector<HTMLButtonElement>(`[data-move="${p.id}:${dir}"]`);
      const other = document.querySelector<HTMLButtonElement>(`[data-move="${p.id}:${dir === "up" ? "down" : "up"}"]`);
      (b && !b.disabled ? b : other)?.focus();
    });
  };

  const isFiles = (e: React.DragEvent) => Array.from(e.dataTransfer.types).includes("Files");

  return (
    <div
      className="images-island"
      // A file dropped anywhere here is taken, never opened in the tab.
      onDragOver={(e) => isFiles(e) && e.preventDefault()}
      onDrop={(e) => {
        if (!isFiles(e)) return;
        e.preventDefault();
        setDragging(false);
        if (!full) add(e.dataTransfer.files);
      }}
    >
      <p data-testid="photo-count">
        {photos.length} of {max} photos
      </p>
      {full && (
        <p className="notice" role="note" data-testid="photo-cap">
          {props.capMessage}. {props.upgrade && <a href="/pricing">Compare plans</a>}
        </p>
      )}
      {!full && (
        <form
          className="images-add"
          method="post"
          encType="multipart/form-data"
          action={props.endpoint}
          // The island checks with the server's messages, by each field.
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void upload();
          }}
        >
          <input type="hidden" name="kind" value="photo" />
          <div
            className={"field images-drop" + (dragging ? " is-dragging" : "") + (errors.file ? " has-error" : "")}
            onDragEnter={(e) => isFiles(e) && setDragging(true)}
            onDragLeave={() => setDragging(false)}
          >
            <label htmlFor="photo-file">Photo file</label>
            <input
              ref={fileInput}
              id="photo-file"
              name="file"
              type="file"
              multiple
              accept={props.rules.accept.join(",")}
              aria-describedby={"photo-file-hint" + (errors.file ? " photo-file-error" : "")}
              aria-invalid={errors.file ? true : undefined}
              onChange={(e) => e.target.files && add(e.target.files)}
            />
            <p className="hint" id="photo-file-hint">
              Drop photos here or choose them. {fileHint(props.rules)}.
            </p>
            {errors.file && (
              <p className="field-error" id="photo-file-error">
                {errors.file}
              </p>
            )}
          </div>
          {queue.length === 0 ? (
            <div className="field">
              <label htmlFor="photo-alt">Photo description (alt text)</label>
              <input
                id="photo-alt"
                name="alt"
                type="text"
                value={alt}
                maxLength={props.rules.altMax}
                aria-describedby="photo-alt-hint"
                onChange={(e) => setAlt(e.target.value)}
              />
              <p className="hint" id="photo-alt-hint">
                {props.rules.whyAlt}
              </p>
            </div>
          ) : (
            <ul className="images-queue" aria-label="Photos to upload">
              {queue.map((q) => (
                <li key={q.key} className="images-item">
                  <img className="images-thumb" src={q.preview} alt="" width={160} height={120} />
                  <div className="images-item-fields">
                    <p className="small">{q.file.name}</p>
                    {q.errors.file && (
                      <p className="field-error" role="alert">
                        {q.errors.file}
                      </p>
                    )}
                    <div className={"field" + (q.errors.alt ? " has-error" : "")}>
                      <label htmlFor={"queued-alt-" + q.key}>Description of {q.file.name}</label>
                      <input
                        id={"queued-alt-" + q.key}
                        type="text"
                        value={q.alt}
                        required
                        maxLength={props.rules.altMax}
                        aria-invalid={q.errors.alt ? true : undefined}
                        aria-describedby={"photo-alt-hint" + (q.errors.alt ? ` queued-alt-${q.key}-error` : "")}
                        onChange={(e) => patch(q.key, { alt: e.target.value })}
                      />
                      {q.errors.alt && (
                        <p className="field-error" id={`queued-alt-${q.key}-error`}>
                          {q.errors.alt}
                        </p>
                      )}
                    </div>
                    {q.progress !== null && (
                      <progress max={100} value={q.progress} aria-label={`Uploading ${q.file.name}`}>
                        {q.progress}%
                      </progress>
                    )}
                    {/* A single file's Remove comes after the form's
                        button, so the controls before it stay those of the
                        server's form (the loader replays a held click by
                        position). */}
                    {queue.length > 1 && (
                      <button className="btn btn-ghost btn-sm" type="button" disabled={busy} onClick={() => drop(q.key)}>
                        Remove {q.file.name}
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          {queue.length > 0 && (
            <p className="hint" id="photo-alt-hint">
              {props.rules.whyAlt}
            </p>
          )}
          <div className="btn-row">
            <button className="btn btn-primary" type="submit" disabled={busy}>
              {queue.length > 1 ? `Upload ${queue.length} photos` : "Add photo"}
            </button>
            {queue.length === 1 && (
              <button className="btn btn-ghost" type="button" disabled={busy} onClick={() => drop(queue[0].key)}>
                Remove {queue[0].file.name}
              </button>
            )}
          </div>
        </form>
      )}
      {photos.length > 0 && (
        <form
          className="images-edit"
          method="post"
          action={props.endpoint + "/edit"}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save(photos, "Photos saved.").then((ok) => ok && toast("Photos saved", "Your listing's page shows the cover photo first, then the others in this order."));
          }}
        >
          <ol className="images-list">
            {photos.map((p, i) => (
              <li
                key={p.id}
                className={"images-item" + (dragID === p.id ? " is-dragged" : "")}
                data-photo-id={p.id}
                draggable
                onDragStart={(e) => {
                  setDragID(p.id);
                  e.dataTransfer.effectAllowed = "move";
                  e.dataTransfer.setData("text/plain", String(p.id));
                }}
                onDragEnd={() => setDragID(null)}
                onDragOver={(e) => dragID !== null && e.preventDefault()}
                onDrop={(e) => {
                  if (dragID === null) return;
                  e.preventDefault();
                  const id = dragID;
                  setDragID(null);
                  if (id !== p.id) void save(moveTo(photos, id, i), `Photo moved to place ${i + 1} of ${photos.length}, and saved.`);
                }}
              >
                <img
                  className="images-thumb"
                  src={p.thumb.src}
                  srcSet={p.thumb.srcset || undefined}
                  sizes={p.thumb.sizes || undefined}
                  width={p.thumb.width}
                  height={p.thumb.height}
                  alt={p.alt}
                  draggable={false}
                />
                <div className="images-item-fields">
                  <input type="hidden" name="order" value={p.id} />
                  <div className={"field" + (errors["alt_" + p.id] ? " has-error" : "")}>
                    <label htmlFor={"alt-" + p.id}>Description of photo {i + 1}</label>
                    <input
                      id={"alt-" + p.id}
                      name={"alt_" + p.id}
                      type="text"
                      value={p.alt}
                      required
                      maxLength={props.rules.altMax}
                      aria-invalid={errors["alt_" + p.id] ? true : undefined}
                      aria-describedby={errors["alt_" + p.id] ? `alt-${p.id}-error` : undefined}
                      onChange={(e) => setPhotos(photos.map((x) => (x.id === p.id ? { ...x, alt: e.target.value } : x)))}
                    />
                    {errors["alt_" + p.id] && (
                      <p className="field-error" id={`alt-${p.id}-error`}>
                        {errors["alt_" + p.id]}
                      </p>
                    )}
                  </div>
                  <label className="images-cover">
                    <input
                      type="radio"
                      name="cover"
                      value={p.id}
                      checked={p.cover}
                      onChange={() => void save(withCover(photos, p.id), `Photo ${i + 1} is the cover, saved.`)}
                    />{" "}
                    Cover photo
                  </label>
                  <div className="btn-row">
                    <button
                      className="btn btn-outline btn-sm"
                      type="button"
                      data-move={`${p.id}:up`}
                      disabled={i === 0}
                      aria-label={`Move photo ${i + 1} up`}
                      onClick={() => moveBy(p, "up")}
                    >
                      Move up
                    </button>
                    <button
                      className="btn btn-outline btn-sm"
                      type="button"
                      data-move={`${p.id}:down`}
                      disabled={i === photos.length - 1}
                      aria-label={`Move photo ${i + 1} down`}
                      onClick={() => moveBy(p, "down")}
                    >
                      Move down
                    </button>
                    <button
                      className="btn btn-ghost btn-sm"
                      type="button"
                      disabled={busy}
                      aria-label={`Delete photo ${i + 1}`}
                      onClick={() => void remove(p, i + 1)}
                    >
                      Delete
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ol>
          <p className="hint">{props.coverHint}</p>
          <button className="btn btn-primary" type="submit" disabled={busy}>
            Save photos
          </button>
        </form>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

// The wizard's "Logo and photos" (the first step): each file is checked in
// the browser with the server's rules (props), previewed at once, and
// uploaded on its own to the server (handlers.uploadImage), which keeps it
// for the listing to come; the form then sends the ids and alt texts
// (model.imageFields). Photos are reordered by dragging or with the move
// buttons; the first is the cover.
import { useEffect, useRef, useState, type ChangeEvent, type DragEvent, type ReactNode } from "react";
import { megabytes, send } from "../upload";
import { fileProblem, movePhoto, newKey, photoAlt, type Errors, type ImageRules, type Images, type Thumb, type Upload } from "./model";

type Props = {
  rules: ImageRules;
  images: Images;
  errors: Errors;
  // change applies f to the images as they are when it runs (uploads end
  // in any order; it leaves the messages alone); rearrange moves or
  // removes photos at the owner's hand, their messages following them.
  change: (f: (i: Images) => Images) => void;
  rearrange: (f: (p: Upload[]) => Upload[]) => void;
  altChanged: (index: number, alt: string) => void;
  fieldError: (id: string, msg: string) => ReactNode;
};

type Sent = { id: number; thumb: Thumb };

// upload sends one file; progress is 0-1.
async function upload(url: string, kind: "logo" | "photo", file: File, progress: (p: number) => void): Promise<Sent> {
  const data = new FormData();
  data.append("kind", kind);
  data.append("file", file);
  const res = await send(url, data, progress);
  if (res.status === 0) throw new Error("The upload failed: check your connection and try again.");
  let body: { id?: number; thumb?: Thumb; errors?: Record<string, string>; error?: string } | null = null;
  try {
    body = JSON.parse(res.text);
  } catch {
    // not JSON: the general message below
  }
  if (res.status === 201 && body?.id && body.thumb) return { id: body.id, thumb: body.thumb };
  if (res.status === 401) throw new Error(body?.error || "Your session has ended: sign in again to upload.");
  throw new Error(body?.errors?.file || body?.errors?.kind || "The upload failed. Please try again.");
}

export function ImagesPart({ rules, images, errors, change, rearrange, altChanged, fieldError }: Props) {
  const [dropping, setDropping] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [said, setSaid] = useState("");
  const previews = useRef<string[]>([]);
  // Previews live as long as the wizard.
  useEffect(() => () => previews.current.forEach((u) => URL.revokeObjectURL(u)), []);

  const live = images.photos.filter((p) => !p.error);

  const update = (key: string, f: (u: Upload) => Upload) =>
    change((i) => ({
      logo: i.logo?.key === key ? f(i.logo) : i.logo,
      photos: i.photos.map((p) => (p.key === key ? f(p) : p)),
    }));

  // start checks a file and uploads it; a refused file stays in the list
  // with its message until removed.
  const start = (file: File, kind: "logo" | "photo") => {
    const preview = URL.createObjectURL(file);
    previews.current.push(preview);
    const u: Upload = { key: newKey(), id: 0, thumb: null, preview, name: file.name, progress: 0, error: fileProblem(file, rules), alt: "" };
    change((i) => (kind === "logo" ? { ...i, logo: u } : { ...i, photos: [...i.photos, u] }));
    if (u.error) return;
    upload(rules.upload, kind, file, (p) => update(u.key, (x) => ({ ...x, progress: p })))
      .then((s) => update(u.key, (x) => ({ ...x, id: s.id, thumb: s.thumb, progress: 1 })))
      .catch((e: Error) => update(u.key, (x) => ({ ...x, error: e.message })));
  };

  const addPhotos = (files: FileList | File[]) => {
    const list = Array.from(files);
    const room = rules.maxPhotos - live.length;
    list.slice(0, Math.max(room, 0)).forEach((f) => start(f, "photo"));
    if (list.length > room) setSaid(rules.tooMany);
  };

  const onPhotos = (e: ChangeEvent<HTMLInputElement>) => {
    if (e.target.files) addPhotos(e.target.files);
    e.target.value = "";
  };
  const onLogo = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    if (f) start(f, "logo");
    e.target.value = "";
  };

  const onDropFiles = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDropping(false);
    if (e.dataTransfer.files.length) addPhotos(e.dataTransfer.files);
  };

  const remove = (key: string, name: string) => {
    if (images.logo?.key === key) change((i) => ({ ...i, logo: null }));
    else rearrange((ps) => ps.filter((p) => p.key !== key));
    setSaid(`${name} removed.`);
  };

  const move = (from: number, to: number, name: string) => {
    rearrange((ps) => movePhoto(ps, from, to));
    setSaid(to === 0 ? `${name} is now the cover photo.` : `${name} moved to position ${to + 1} of ${images.photos.length}.`);
  };

  const picture = (u: Upload, label: string) =>
    u.thumb ? (
      <img className="image-thumb" src={u.thumb.src} srcSet={u.thumb.srcset} sizes={u.thumb.sizes} width={u.thumb.width} height={u.thumb.height} alt={label} />
    ) : u.preview ? (
      <img className="image-thumb" src={u.preview} width={120} height={90} alt={label} />
    ) : null;

  const state = (u: Upload, what: string) =>
    u.error ? (
      fieldError(`${u.key}-error`, `${u.name || what}: ${u.error}`)
    ) : !u.id ? (
      <p className="image-progress">
        <progress max={1} value={u.progress} aria-label={`Uploading ${u.name || what}`} />
        <span aria-hidden="true">{Math.round(u.progress * 100)}%</span>
      </p>
    ) : null;

  let n = 0;
  return (
    <fieldset className="wizard-images" data-testid="wizard-images" aria-describedby="f-images-hint">
      <legend>Logo and photos</legend>
      <p className="hint" id="f-images-hint">
        {rules.typesLabel}, up to {megabytes(rules.maxBytes)} each. {rules.more}
      </p>
      {errors.upload && fieldError("f-upload-error", errors.upload)}
      <div className="image-logo">
        <p className="image-part-title">Logo</p>
        {images.logo && (
          <div className="image-kept">
            {picture(images.logo, "Your logo")}
            {state(images.logo, "The logo")}
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => remove(images.logo!.key, "The logo")}>
              Remove<span className="visually-hidden"> the logo</span>
            </button>
          </div>
        )}
        <label className="btn btn-outline btn-sm file-button">
          <input type="file" className="visually-hidden" accept={rules.accept.join(",")} onChange={onLogo} aria-describedby="f-images-hint" />
          {images.logo ? "Replace the logo" : "Choose a logo"}
        </label>
      </div>
      <div
        className={"image-drop" + (dropping ? " is-dropping" : "")}
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes("Files")) {
            e.preventDefault();
            setDropping(true);
          }
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={onDropFiles}
      >
        <p className="image-part-title">Photos</p>
        <p className="muted">
          Drag photos here, or{" "}
          <label className="btn btn-outline btn-sm file-button">
            <input type="file" className="visually-hidden" accept={rules.accept.join(",")} multiple onChange={onPhotos} aria-describedby="f-images-hint" />
            choose photos
          </label>
        </p>
        <p className="muted">
          {live.length} of {rules.maxPhotos} photos on your {rules.planName} plan. The first is the cover.
        </p>
      </div>
      {errors.photos && fieldError("f-photos-error", errors.photos)}
      {images.photos.length > 0 && (
        <ol className="photo-list">
          {images.photos.map((p, i) => {
            const index = p.error ? -1 : n++;
            const name = `Photo ${i + 1}`;
            const altId = `f-${photoAlt(index)}`;
            const err = index >= 0 ? errors[photoAlt(index)] : "";
            return (
              <li
                key={p.key}
                className={"photo-item" + (dragged === i ? " is-dragged" : "")}
                onDragOver={(e) => {
                  if (dragged !== null) e.preventDefault();
                }}
                onDrop={(e) => {
                  if (dragged === null) return;
                  e.preventDefault();
                  e.stopPropagation();
                  move(dragged, i, `Photo ${dragged + 1}`);
                  setDragged(null);
                }}
              >
                {/* The thumbnail is the handle: text in the fields stays selectable. */}
                <div
                  className="photo-thumb"
                  draggable
                  title="Drag to reorder"
                  onDragStart={(e) => {
                    setDragged(i);
                    e.dataTransfer.effectAllowed = "move";
                  }}
                  onDragEnd={() => setDragged(null)}
                >
                  {picture(p, p.alt || name)}
                  {i === 0 && !p.error && <span className="badge badge-success">Cover</span>}
                </div>
                <div className="photo-body">
                  {state(p, name)}
                  {index >= 0 && (
                    <div className={"field" + (err ? " has-error" : "")}>
                      <label htmlFor={altId}>{name} alt text</label>
                      <input
                        id={altId}
                        type="text"
                        value={p.alt}
                        maxLength={rules.altMax}
                        onChange={(e) => altChanged(index, e.target.value)}
                        aria-describedby={`${altId}-hint` + (err ? ` ${altId}-error` : "")}
                        aria-invalid={err ? "true" : undefined}
                      />
                      <p className="hint" id={`${altId}-hint`}>
                        {rules.whyAlt}
                      </p>
                      {err && fieldError(`${altId}-error`, err)}
                    </div>
                  )}
                  <div className="btn-row photo-actions">
                    <button type="button" className="btn btn-ghost btn-sm" disabled={i === 0} onClick={() => move(i, i - 1, name)}>
                      Move earlier<span className="visually-hidden"> ({name})</span>
                    </button>
                    <button type="button" className="btn btn-ghost btn-sm" disabled={i === images.photos.length - 1} onClick={() => move(i, i + 1, name)}>
                      Move later<span className="visually-hidden"> ({name})</span>
                    </button>
                    {i > 0 && !p.error && (
                      <button type="button" className="btn btn-ghost btn-sm" onClick={() => move(i, 0, name)}>
                        Make cover<span className="visually-hidden"> ({name})</span>
                      </button>
                    )}
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => remove(p.key, name)}>
                      Remove<span className="visually-hidden"> {name}</span>
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
    </fieldset>
  );
}

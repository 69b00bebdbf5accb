// The map of the results the island shows: the same box as views.Map
// renders for views.DirectoryResult.ResultsMap (identical markup for the
// server's results), whose "Show map" loads the map island (Leaflet) only
// when pressed. Once the visitor has asked for the map, the map of each new
// set of results shows by itself.
import { useEffect, useRef } from "react";
import type { BusinessCard } from "./Card";
import type { MapProps, Tiles } from "../map/model";
import { goJSON, mapProps } from "./mapProps";

type Shared = { shown: boolean; onShow: () => void };

export function ResultsMap({ cards, tiles, boxStylesheet, stylesheet, ...rest }: { cards: BusinessCard[]; tiles?: Tiles; boxStylesheet: string; stylesheet: string } & Shared) {
  const props = mapProps(cards, tiles, stylesheet);
  if (!props) return null;
  const json = goJSON(props);
  // Other markers, another map: the box is built afresh (and opens where
  // the visitor left the last one while these all lie within it).
  return <MapBox key={json} props={props} json={json} boxStylesheet={boxStylesheet} {...rest} />;
}

function MapBox({ props, json, boxStylesheet, shown, onShow }: { props: MapProps; json: string; boxStylesheet: string } & Shared) {
  const islandRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // mounted: the map island has this box (its own click listener shows
  // the map); loading: its code is on the way.
  const state = useRef({ mounted: false, loading: false, alive: true }).current;

  // load fetches the map island, mounts it on this box and presses its
  // button; keepFocus leaves the focus where it is (the map takes it when
  // the visitor pressed the button, not when new results redraw it).
  const load = (keepFocus: boolean) => {
    if (state.loading || state.mounted) return;
    state.loading = true;
    import("../map")
      .then((m) => {
        const el = islandRef.current;
        const button = buttonRef.current;
        if (!state.alive || !el || !button) return;
        m.mount(el, props);
        state.mounted = true;
        if (keepFocus) {
          const prev = document.activeElement;
          if (prev instanceof HTMLElement && !el.contains(prev)) {
            el.addEventListener("focusin", () => prev.isConnected && prev.focus({ preventScroll: true }), { once: true });
          }
        }
        button.click();
      })
      .catch((err) => console.error("map failed to load", err))
      .finally(() => {
        state.loading = false;
      });
  };

  useEffect(() => {
    state.alive = true;
    if (shown) load(true);
    return () => {
      state.alive = false;
    };
  }, []);

  return (
    <div className="results-map">
      <link rel="stylesheet" href={boxStylesheet} />
      <div className="map-box" role="region" aria-label="Map of these results" data-testid="map">
        <div className="map-island" data-island="map" data-island-load="interaction" ref={islandRef}>
          <div className="map-placeholder">
            <button
              type="button"
              className="btn btn-outline map-show"
              data-map-show=""
              data-needs-js=""
              ref={buttonRef}
              onClick={() => {
                if (state.mounted) return;
                onShow();
                load(false);
              }}
            >
              <svg className="icon" aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                <path d="M12 22s7-6.2 7-12a7 7 0 1 0-14 0c0 5.8 7 12 7 12z"></path>
                <circle cx="12" cy="10" r="2.5"></circle>
              </svg>
              Show map
            </button>
          </div>
        </div>
        <script type="application/json" dangerouslySetInnerHTML={{ __html: json }} />
      </div>
    </div>
  );
}

// The embed script shops paste on their websites (spec 1 §9; ADR 0038), served as /embed.js. Plain script,
// no framework, no build: it reads window.shopId and window.mode, asks our public call for the shop's live and
// upcoming streams, and shows them in a Shadow DOM of its own, so the host page's styles and ours never meet. Its only
// global is window.LiveShopEmbed (which also keeps a second copy of the snippet from drawing twice).
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src || window.LiveShopEmbed) return;
  var origin = new URL(script.src, location.href).origin;
  var shopId = typeof window.shopId === "string" ? window.shopId : String(window.shopId || "");
  // spec 1 §9 names two modes; anything else shows the circle
  var mode = window.mode === "carousel_slider" ? "carousel_slider" : "minimize_circle";
  window.LiveShopEmbed = Object.freeze({ shopId: shopId, mode: mode });
  if (!/^[0-9a-f]{24}$/.test(shopId)) return;

  var CSS = [
    ":host{all:initial!important;display:block!important}",
    "*{box-sizing:border-box;margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}",
    "[hidden]{display:none!important}",
    "button{font:inherit;color:inherit;cursor:pointer}",
    "button:focus-visible{outline:3px solid #3b82f6;outline-offset:2px}",
    ".badge{display:inline-block;padding:2px 6px;border-radius:4px;background:#c62828;color:#fff;font-size:11px;font-weight:700;letter-spacing:.04em;line-height:1.3}",
    ".circle{position:fixed;right:20px;bottom:20px;z-index:2147483000;width:76px;height:76px;padding:0;border:3px solid #c62828;border-radius:50%;background:#111;box-shadow:0 4px 14px rgba(0,0,0,.3)}",
    ".circle.upcoming{border-color:#fff}",
    ".circle img{display:block;width:100%;height:100%;border-radius:50%;object-fit:cover}",
    ".circle .badge{position:absolute;left:50%;bottom:-8px;transform:translateX(-50%)}",
    ".carousel{position:relative;display:flex;align-items:center;gap:8px;padding:8px 0;color:#111}",
    ".track{display:flex;gap:12px;flex:1;overflow-x:auto;scroll-snap-type:x mandatory;scroll-behavior:smooth;list-style:none;padding:0;scrollbar-width:none}",
    ".track::-webkit-scrollbar{display:none}",
    ".track li{flex:0 0 220px;scroll-snap-align:start}",
    ".card{display:block;width:100%;padding:0;border:1px solid #ddd;border-radius:10px;background:#fff;text-align:left;overflow:hidden}",
    ".thumb{position:relative;display:block;aspect-ratio:16/9;background:#222}",
    ".thumb img{display:block;width:100%;height:100%;object-fit:cover}",
    ".thumb .badge{position:absolute;top:8px;left:8px}",
    ".name{display:block;padding:8px 10px 2px;font-size:14px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}",
    ".when{display:block;padding:0 10px 10px;font-size:12px;color:#555}",
    ".nav{flex:0 0 auto;width:36px;height:36px;border:1px solid #ccc;border-radius:50%;background:#fff;font-size:18px;line-height:1}",
    ".nav:disabled{opacity:.35;cursor:default}",
    "dialog{width:min(92vw,720px);margin:auto;padding:0;border:0;border-radius:12px;background:#000;color:#fff;overflow:hidden}",
    "dialog::backdrop{background:rgba(0,0,0,.7)}",
    ".bar{display:flex;align-items:center;gap:8px;padding:10px 12px;background:#111}",
    ".title{flex:1;font-size:15px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}",
    ".close{border:0;background:transparent;font-size:22px;line-height:1;padding:2px 8px}",
    "video{display:block;width:100%;max-height:75vh;background:#000}",
  ].join("\n");

  var pad = function (n) {
    return (n < 10 ? "0" : "") + n;
  };
  /** spec 1 §9: stream time DD/MM/YYYY, hh:mm A (the visitor's own clock) */
  function streamTime(ms) {
    var d = new Date(ms);
    var h = d.getHours() % 12 || 12;
    return (
      pad(d.getDate()) +
      "/" +
      pad(d.getMonth() + 1) +
      "/" +
      d.getFullYear() +
      ", " +
      pad(h) +
      ":" +
      pad(d.getMinutes()) +
      " " +
      (d.getHours() < 12 ? "AM" : "PM")
    );
  }
  /** An address from our call, made absolute against our origin; anything but http(s) is dropped. */
  function address(value) {
    if (!value) return null;
    try {
      var url = new URL(value, origin);
      return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
    } catch {
      return null;
    }
  }
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }
  function thumbnail(stream) {
    var img = el("img");
    img.alt = "";
    img.loading = "lazy";
    var src = address(stream.image);
    if (src) img.src = src;
    return img;
  }
  var live = function (stream) {
    return stream.status === "broadcasting";
  };
  var LIVE_TYPE = "application/vnd.apple.mpegurl";

  function mount(streams) {
    var host = document.createElement("liveshop-embed");
    var root = host.attachShadow({ mode: "open" });
    if (root.adoptedStyleSheets && typeof CSSStyleSheet === "function" && "replaceSync" in CSSStyleSheet.prototype) {
      // a constructed sheet: not an inline <style>, so a host page's style-src policy does not stop it
      var sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
      root.adoptedStyleSheets = [sheet];
    } else {
      root.appendChild(el("style", "", CSS));
    }

    // the player: one dialog, opened for whichever stream is chosen
    var dialog = el("dialog");
    var bar = el("div", "bar");
    var badge = el("span", "badge", "LIVE");
    var title = el("h2", "title");
    title.id = "liveshop-embed-title";
    var close = el("button", "close", "\u00d7");
    close.type = "button";
    close.setAttribute("aria-label", "Close player");
    bar.append(badge, title, close);
    var video = el("video");
    video.controls = true;
    video.playsInline = true;
    video.setAttribute("data-testid", "embed-video");
    dialog.setAttribute("aria-labelledby", title.id);
    dialog.append(bar, video);
    root.appendChild(dialog);

    function open(stream) {
      var recording = address(stream.video);
      var liveSrc = live(stream) ? address(stream.viewURL) : null;
      // the live address where this browser plays HLS itself; otherwise (or if it fails) the recording
      var src = liveSrc && video.canPlayType(LIVE_TYPE) ? liveSrc : recording;
      title.textContent = stream.name + (live(stream) ? "" : " \u00b7 " + streamTime(stream.startDateAndTime));
      badge.hidden = !live(stream);
      video.onerror = function () {
        if (recording && video.src !== recording) video.src = recording;
      };
      if (src) video.src = src;
      else video.removeAttribute("src");
      dialog.showModal();
      if (src) {
        video.play().catch(function () {
          // a browser that refuses sound without more interaction still plays muted
          video.muted = true;
          video.play().catch(function () {});
        });
      }
    }
    function stop() {
      video.pause();
      video.removeAttribute("src");
      video.load();
    }
    close.addEventListener("click", function () {
      dialog.close();
    });
    // Escape closes the dialog natively; either way the video stops
    dialog.addEventListener("close", stop);

    if (mode === "carousel_slider") root.appendChild(carousel(streams, open));
    else root.appendChild(circle(streams[0], open));

    // the carousel sits where the snippet was pasted (in the body); the circle floats, so the body's end will do
    var parent = script.parentNode;
    if (
      mode === "carousel_slider" &&
      parent &&
      parent !== document.head &&
      document.body &&
      document.body.contains(script)
    )
      parent.insertBefore(host, script.nextSibling);
    else document.body.appendChild(host);
  }

  function circle(stream, open) {
    var button = el("button", live(stream) ? "circle" : "circle upcoming");
    button.type = "button";
    button.setAttribute(
      "aria-label",
      live(stream)
        ? "Watch " + stream.name + ", live now"
        : "Watch " + stream.name + ", starts " + streamTime(stream.startDateAndTime),
    );
    button.appendChild(thumbnail(stream));
    if (live(stream)) button.appendChild(el("span", "badge", "LIVE"));
    button.addEventListener("click", function () {
      open(stream);
    });
    return button;
  }

  function carousel(streams, open) {
    var section = el("section", "carousel");
    section.setAttribute("aria-roledescription", "carousel");
    section.setAttribute("aria-label", "Live and upcoming streams");
    var prev = el("button", "nav", "\u2039");
    prev.type = "button";
    prev.setAttribute("aria-label", "Previous streams");
    var next = el("button", "nav", "\u203a");
    next.type = "button";
    next.setAttribute("aria-label", "Next streams");
    var track = el("ul", "track");
    streams.forEach(function (stream) {
      var item = el("li");
      var card = el("button", "card");
      card.type = "button";
      card.setAttribute("aria-label", "Watch " + stream.name);
      var thumb = el("span", "thumb");
      thumb.appendChild(thumbnail(stream));
      if (live(stream)) thumb.appendChild(el("span", "badge", "LIVE"));
      card.append(
        thumb,
        el("span", "name", stream.name),
        el("span", "when", live(stream) ? "Live now" : streamTime(stream.startDateAndTime)),
      );
      card.addEventListener("click", function () {
        open(stream);
      });
      item.appendChild(card);
      track.appendChild(item);
    });
    function step(direction) {
      var first = track.firstElementChild;
      var by = first ? first.getBoundingClientRect().width + 12 : track.clientWidth;
      track.scrollBy({ left: direction * Math.max(by, Math.floor(track.clientWidth / by) * by), behavior: "smooth" });
    }
    function update() {
      prev.disabled = track.scrollLeft <= 1;
      next.disabled = track.scrollLeft + track.clientWidth >= track.scrollWidth - 1;
    }
    prev.addEventListener("click", function () {
      step(-1);
    });
    next.addEventListener("click", function () {
      step(1);
    });
    track.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update, { passive: true });
    section.append(prev, track, next);
    // once laid out, so the buttons know whether there is anything to scroll
    requestAnimationFrame(update);
    return section;
  }

  function start() {
    fetch(origin + "/api/live-stream/public/" + shopId, { credentials: "omit", mode: "cors" })
      .then(function (res) {
        return res.ok ? res.json() : null;
      })
      .then(function (body) {
        var streams = body && Array.isArray(body.data) ? body.data : [];
        // nothing live or upcoming (or the shop is unknown): nothing is shown
        if (streams.length) mount(streams);
      })
      .catch(function () {});
  }
  if (document.body) start();
  else document.addEventListener("DOMContentLoaded", start);
})();

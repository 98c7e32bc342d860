/* The pictures of an exported page: each drawn from its layers, each layer from its pieces
   (SVG elements the workbench's render layer wrote), so a step redraws only the layers that
   changed. Every text a page shows from its data goes in as text (textContent), never as
   markup; only these pictures and the card faces, made by the workbench itself, are markup. */
const WorkbenchPictures = (() => {
  "use strict";

  /* A board: two pictures one over the other, the base layers (the board, its terrain, edges
     and labels) under the rest, so a step that moves a counter repaints only the top one. */
  class Board {
    constructor(holder, store) {
      this.holder = holder;
      this.store = store;
      this.base = new Set(store.base);
      this.svgs = null;
      this.size = "";
      this.groups = new Map();
      this.markup = new Map();
    }

    layer(index) {
      if (!this.markup.has(index)) {
        const pieces = this.store.pieces;
        this.markup.set(index, this.store.layers[index].map((p) => pieces[p]).join("\n"));
      }
      return this.markup.get(index);
    }

    draw(width, height, background) {
      this.holder.innerHTML = "<div class=\"picture\"><svg class=\"base\" role=\"img\">" +
        "<title></title><rect></rect></svg><svg class=\"top\" aria-hidden=\"true\"></svg></div>";
      const [base, top] = this.holder.querySelectorAll("svg");
      for (const svg of [base, top]) svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
      const rect = base.querySelector("rect");
      rect.setAttribute("width", width);
      rect.setAttribute("height", height);
      rect.setAttribute("fill", background || "#ffffff");
      this.svgs = { base, top };
      this.groups = new Map();
    }

    /* Show picture ``index``: a new drawing when its size changes, else only the layers
       that differ from those shown (a layer a picture has not is emptied, and kept in its
       place: every picture's layers come in the same order). The top picture is returned. */
    show(index) {
      const [width, height, background, title, layers] = this.store.pictures[index];
      const size = `${width} ${height}`;
      if (this.svgs === null || size !== this.size) {
        this.draw(width, height, background);
        this.size = size;
      }
      const { base, top } = this.svgs;
      base.querySelector("title").textContent = title || "";
      let previous = { base: base.querySelector("rect"), top: null };
      for (const [name] of layers) {
        const where = this.base.has(name) ? "base" : "top";
        let group = this.groups.get(name);
        if (!group) {
          group = document.createElementNS(base.namespaceURI, "g");
          group.dataset.layer = name;
          if (previous[where]) previous[where].after(group);
          else this.svgs[where].prepend(group);
          this.groups.set(name, group);
        }
        previous[where] = group;
      }
      const wanted = new Map(layers);
      for (const [name, group] of this.groups) {
        const layer = wanted.get(name);
        const shown = layer === undefined ? "" : String(layer);
        if (group.dataset.shown !== shown) {
          group.innerHTML = layer === undefined ? "" : this.layer(layer);
          group.dataset.shown = shown;
        }
      }
      return top;
    }
  }

  const element = (tag, text, className) => {
    const made = document.createElement(tag);
    if (text !== undefined && text !== null) made.textContent = text;
    if (className) made.className = className;
    return made;
  };

  /* A line of reasons, each with its rulebook section beside it. */
  const reasonList = (reasons) => {
    const list = element("ul", null, "reasons");
    for (const [text, section] of reasons) {
      const item = element("li", text);
      if (section) {
        item.append(" ");
        item.append(element("span", section, "section"));
      }
      list.append(item);
    }
    return list;
  };

  /* The page's data, read as JSON: never run. */
  const data = () => JSON.parse(document.getElementById("workbench-data").textContent);

  /* ← → and the other keys, unless a text field has them or a modifier is held. */
  const onKeys = (handlers) => {
    document.addEventListener("keydown", (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target;
      if (target && target.matches && target.matches("input[type=text], textarea")) return;
      const handler = handlers[event.key];
      if (!handler) return;
      event.preventDefault();
      handler();
    });
  };

  return { Board, element, reasonList, data, onKeys };
})();

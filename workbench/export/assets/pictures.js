/* The pictures of an exported page: each drawn from its layers, each layer from its pieces
   (SVG elements the workbench's render layer wrote), so a step redraws only the layers that
   changed. Every text a page shows from its data goes in as text (textContent), never as
   markup; only these pictures and the card faces, made by the workbench itself, are markup. */
const WorkbenchPictures = (() => {
  "use strict";

  class Board {
    constructor(holder, store) {
      this.holder = holder;
      this.store = store;
      this.svg = null;
      this.size = "";
      this.groups = [];
      this.markup = new Map();
    }

    layer(index) {
      if (!this.markup.has(index)) {
        const pieces = this.store.pieces;
        this.markup.set(index, this.store.layers[index].map((p) => pieces[p]).join("\n"));
      }
      return this.markup.get(index);
    }

    /* Show picture ``index``: a new drawing when its size changes, else only the layers
       that differ from those shown. */
    show(index) {
      const [width, height, background, title, layers] = this.store.pictures[index];
      const size = `${width} ${height}`;
      if (this.svg === null || size !== this.size) {
        this.holder.innerHTML = "<svg role=\"img\"><title></title><rect></rect></svg>";
        this.svg = this.holder.firstElementChild;
        this.svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
        const rect = this.svg.querySelector("rect");
        rect.setAttribute("width", width);
        rect.setAttribute("height", height);
        rect.setAttribute("fill", background || "#ffffff");
        this.size = size;
        this.groups = [];
      }
      this.svg.querySelector("title").textContent = title || "";
      const names = layers.map(([name]) => name);
      if (names.join(" ") !== this.groups.map((g) => g.dataset.layer).join(" ")) {
        for (const group of this.groups) group.remove();
        this.groups = names.map((name) => {
          const group = document.createElementNS(this.svg.namespaceURI, "g");
          group.dataset.layer = name;
          this.svg.appendChild(group);
          return group;
        });
      }
      layers.forEach(([, layer], i) => {
        const group = this.groups[i];
        if (group.dataset.shown !== String(layer)) {
          group.innerHTML = this.layer(layer);
          group.dataset.shown = String(layer);
        }
      });
      return this.svg;
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

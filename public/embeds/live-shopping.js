/* global window, document */
// The shop's live-shopping embed: it registers itself, and frames the show it
// is given in its section, taking the place of the poster.
(function () {
  "use strict";
  var registry = (window.ShopEmbeds = window.ShopEmbeds || {});
  registry["live-shopping"] = {
    mount: function (container, options) {
      return new Promise(function (resolve, reject) {
        var frame = document.createElement("iframe");
        frame.className = "live-shopping__frame";
        frame.src = options.source;
        frame.title = options.title;
        frame.allow = "fullscreen";
        frame.addEventListener("load", function () {
          resolve();
        });
        frame.addEventListener("error", function () {
          reject(new Error("The show did not load"));
        });
        container.replaceChildren(frame);
      });
    },
  };
})();

/* global window, document, fetch */
// The shop's social feed embed: it registers itself, and draws the posts of
// the feed it is given (pictures linking into the shop) into its section.
(function () {
  "use strict";
  var registry = (window.ShopEmbeds = window.ShopEmbeds || {});
  registry["social-feed"] = {
    mount: function (container, options) {
      return fetch(options.source, { headers: { accept: "application/json" } })
        .then(function (response) {
          if (!response.ok) throw new Error("The feed answered " + response.status);
          return response.json();
        })
        .then(function (feed) {
          var list = document.createElement("ul");
          list.className = "social-feed";
          feed.posts.forEach(function (post) {
            var item = document.createElement("li");
            var link = document.createElement("a");
            link.className = "social-feed__post";
            link.href = post.url;
            var image = document.createElement("img");
            image.src = post.image;
            image.alt = post.alt;
            image.width = post.width;
            image.height = post.height;
            image.loading = "lazy";
            image.decoding = "async";
            var caption = document.createElement("span");
            caption.className = "social-feed__caption";
            caption.textContent = post.caption;
            link.append(image, caption);
            item.append(link);
            list.append(item);
          });
          container.replaceChildren(list);
        });
    },
  };
})();

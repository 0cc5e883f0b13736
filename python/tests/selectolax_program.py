"""A selectolax program, as scrapers write them, parameterized only by the
parser class it imports: test_selectolax.py runs it with selectolax and
with htmlforge on the corpus pages and compares the answers."""

from __future__ import annotations


def answers(parser_class, html) -> dict:
    tree = parser_class(html)
    title = tree.css_first("title")
    body = tree.body
    links = tree.css("a[href]")
    metas = tree.css("meta")
    return {
        "title": title.text() if title is not None else None,
        "title_strip": title.text(strip=True) if title is not None else None,
        "links": [link.attributes.get("href") for link in links],
        "link_texts": [link.text(strip=True) for link in links[:200]],
        "link_attrs": [link.attrs.get("rel") for link in links[:200]],
        "meta": [meta.attributes for meta in metas],
        "images": [img.attrs.sget("src") for img in tree.css("img")],
        "headings": [h.text(separator=" ", strip=True) for h in tree.css("h1, h2, h3")],
        "counts": {tag: len(tree.tags(tag)) for tag in ("div", "p", "a", "script", "li", "span", "table")},
        "css_counts": {
            query: len(tree.css(query))
            for query in ("div > p", "ul li a", "[class]", "a[href^='http']", "p:first-child", "div:not([id])")
        },
        "body_text": body.text(separator="\n", strip=True) if body is not None else None,
        "body_text_deep_false": body.text(deep=False) if body is not None else None,
        "text": tree.text(),
        "ids": [node.id for node in tree.css("[id]")][:300],
        "tags_traverse": [node.tag for node in body.traverse()][:2000] if body is not None else None,
        "tags_iter": [node.tag for node in body.iter(include_text=True)] if body is not None else None,
        "parents": [link.parent.tag for link in links[:200]],
        "siblings": [(node.prev.tag if node.prev else None, node.next.tag if node.next else None) for node in links[:100]],
        "first_last": [(node.child.tag if node.child else None, node.last_child.tag if node.last_child else None) for node in tree.css("ul")[:100]],
        "matches": [node.css_matches("a") for node in tree.css("li")[:100]],
        "scripts_contain": tree.scripts_contain("function"),
        "script_srcs": tree.script_srcs_contain(("google", "analytics")),
        "head_children": [node.tag for node in tree.head.iter()] if tree.head is not None else None,
    }


def edited(parser_class, html) -> dict:
    """Edits selectolax programs make before extracting text."""
    tree = parser_class(html)
    tree.strip_tags(["script", "style", "noscript"])
    for node in tree.css("nav, footer"):
        node.decompose()
    tree.unwrap_tags(["span", "b", "i", "em", "strong"])
    body = tree.body
    return {
        "text": body.text(separator="\n", strip=True) if body is not None else None,
        "scripts_left": len(tree.css("script")),
        "links": len(tree.css("a")),
    }

import { createComponent, type EventName } from '@lit/react';
import { isServer, type PropertyDeclarations } from 'lit';
import * as React from 'react';

/** An event prop's type: `onDhLoad={(e) => e.detail.view}`. */
export type Detail<T> = EventName<CustomEvent<T>>;

/**
 * The attribute of each of an element's reactive properties (`headId` → `head-id`, as its
 * `static properties` say; Lit's default is the name in lower case), from the class and the
 * classes it extends. State and property-only members have none.
 */
function attributesOf(elementClass: abstract new () => HTMLElement): Map<string, string | null> {
  const names = new Map<string, string | null>();
  for (let c: unknown = elementClass; typeof c === 'function'; c = Object.getPrototypeOf(c)) {
    const declared = Object.hasOwn(c, 'properties')
      ? (c as { properties?: PropertyDeclarations }).properties
      : undefined;
    for (const [name, options] of Object.entries(declared ?? {})) {
      if (names.has(name) || options.state) continue;
      // null: a property only (`headers`, `credentials`), which no attribute may carry into the HTML.
      names.set(
        name,
        options.attribute === false
          ? null
          : typeof options.attribute === 'string'
            ? options.attribute
            : name.toLowerCase(),
      );
    }
  }
  return names;
}

/**
 * An element as a React component named like it, its events as `onDh…` props (`@lit/react`).
 *
 * On the server the element is not defined (it is a browser class), so `@lit/react` would write
 * every prop as an attribute of its own name: `<dh-avatar headId="…">`, which the element does not
 * read, and the page would show a facade without its head until React hydrates. There, the props
 * that are the element's properties are written as its attributes (`head-id="…"`; `true` as an
 * empty attribute, `false` as none; objects and functions, which have no attribute, not at all),
 * so the server's HTML is right before any script runs. In the browser the props are set as
 * properties, as before.
 */
export function wrap<I extends HTMLElement, E extends Record<string, EventName | string>>(
  tagName: string,
  elementClass: new () => I,
  displayName: string,
  events: E,
) {
  const Component = createComponent({ react: React, tagName, elementClass, displayName, events });
  if (!isServer) return Component;
  const attributes = attributesOf(elementClass);
  // biome-ignore lint/correctness/noComponentHookFactories: one component per element, made once when its module loads.
  const OnServer = React.forwardRef<I, React.ComponentProps<typeof Component>>((props, ref) => {
    const renamed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(props)) {
      const attribute = attributes.get(key);
      if (attribute === undefined) renamed[key] = value;
      else if (attribute === null) continue;
      else if (value === true) renamed[attribute] = '';
      else if (typeof value === 'string' || typeof value === 'number')
        renamed[attribute] = String(value);
    }
    return React.createElement(Component, { ...renamed, ref } as React.ComponentProps<
      typeof Component
    >);
  });
  OnServer.displayName = displayName;
  return OnServer as unknown as typeof Component;
}

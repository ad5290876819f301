/**
 * A Vite plugin that minifies the CSS inside Lit's css`…` templates (Vite minifies the JS around
 * them, not the text inside). It removes comments and the white space that carries no meaning:
 * around braces, semicolons and commas, and after colons. Templates with `${…}` are left alone.
 */
export function minifyLitCss() {
  return {
    name: 'dh-minify-lit-css',
    transform(code, id) {
      if (!/\.styles\.ts$/.test(id)) return null;
      return code.replace(/css`([^`$]*)`/g, (_, body) => {
        const min = body
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s+/g, ' ')
          .replace(/\s*([{};,])\s*/g, '$1')
          .replace(/:\s+/g, ':')
          .replace(/;}/g, '}')
          .trim();
        return `css\`${min}\``;
      });
    },
  };
}

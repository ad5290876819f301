// Types of test/support/webdriver-keys.mjs, for the TypeScript that imports it.
export declare const ELEMENT_KEY: 'element-6066-11e4-a52e-4f735466cecf';
export type WebDriverKeyName =
  | 'Backspace'
  | 'Tab'
  | 'Enter'
  | 'Shift'
  | 'Control'
  | 'Alt'
  | 'Escape'
  | 'Space'
  | 'PageUp'
  | 'PageDown'
  | 'End'
  | 'Home'
  | 'ArrowLeft'
  | 'ArrowUp'
  | 'ArrowRight'
  | 'ArrowDown'
  | 'Delete'
  | 'Meta'
  | 'F2';
export declare const WEBDRIVER_KEYS: Readonly<Record<WebDriverKeyName, string>>;

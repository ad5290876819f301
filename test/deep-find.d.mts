// Types of test/deep-find.mjs.
export declare function findAllDeep(selector: string): Element[];

/** Sizes of the chain graph's boxes, shared by the server's layout and the browser's drawing. */
export const NODE_WIDTH = 248;
export const NODE_HEIGHT = 112;
export const MISSING_NODE_HEIGHT = 72;

/** A valid 10x5 black PNG, as the signature pad would post it. */
export const tinyPngDataUrl = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAoAAAAFCAYAAAB8ZH1oAAAAEUlEQVR4nGNgYGD4TyQe9AoBqDAxz5Cyez4AAAAASUVORK5CYII='

// No imports: the staff preview (in the browser) reads the message name from here too.

/** The message the widget's page sends its parent when its height changes. */
export const FRAME_HEIGHT_MESSAGE = 'widget-frame-height'

/**
 * Runs inside the widget's page: tells the page around the frame how tall the widget is, so the
 * script tag's frame fits it without a scroll bar. Only a number leaves the frame.
 */
export const FRAME_HEIGHT_SCRIPT = `(function(){var last=0;function send(){var h=Math.ceil(document.body.getBoundingClientRect().height);if(h>0&&h!==last){last=h;window.parent.postMessage({type:'${FRAME_HEIGHT_MESSAGE}',height:h},'*')}}if(window.parent!==window&&typeof ResizeObserver==='function'){new ResizeObserver(send).observe(document.body);send()}})();`

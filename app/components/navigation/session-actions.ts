/**
 * The session actions the toolbars post to (each is a POST route of the sign-in capability),
 * named once so every layout uses the same addresses.
 */
export const LOGOUT_PATH = '/logout'
export const WEB_PREVIEW_PATH = '/preview/web'
export const STUDENT_PREVIEW_PATH = '/preview/student'
/** 'Admin View': ends any preview and returns to the dashboard. */
export const END_PREVIEW_PATH = '/preview/end'
export const FRANCHISE_SWITCH_PATH = '/franchise/switch'
export const MASTER_VIEW_PATH = '/franchise/master-view'

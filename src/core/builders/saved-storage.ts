/**
 * Where the browser keeps the saved-for-later list: apart from the list's
 * rules, so the page frame can tell whether a customer's list is here
 * without loading them.
 */

/** The browser storage key of the whole list. */
export const SAVED_STORAGE_KEY = "lumen-leaf:saved-for-later";
/** The browser storage key of the list last sent to the shop, so an unchanged list is not sent again. */
export const SAVED_SENT_KEY = "lumen-leaf:saved-for-later:sent";
/** The browser storage key of the customer whose list the browser holds, so it leaves with them at logout. */
export const SAVED_OWNER_KEY = "lumen-leaf:saved-for-later:owner";
/** The session storage key of the customer whose shop list this browser session has taken in. */
export const SAVED_ADOPTED_KEY = "lumen-leaf:saved-for-later:adopted";

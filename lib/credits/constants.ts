// Credit amounts fixed by the product.
export const TRIAL_CREDITS = 60;

/** The credit reset call's answer to a guest: the browser zeroes its stored guest credits on it. */
export const GUEST_RESET_MESSAGE = "Guest credit reset signal sent";

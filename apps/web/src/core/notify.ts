/** Toasts from anywhere (HTTP client, pages): the root registers antd's message API (themed, app locale). */
export interface ToastApi {
  success(text: string): void;
  error(text: string): void;
  warning(text: string): void;
  info(text: string): void;
}

const fallback: ToastApi = {
  success: (text) => console.info(text),
  error: (text) => console.error(text),
  warning: (text) => console.warn(text),
  info: (text) => console.info(text),
};

let api: ToastApi = fallback;

export function setToastApi(next: ToastApi | null): void {
  api = next ?? fallback;
}

/** Identical texts shown at the same time collapse into one toast. */
export const toast: ToastApi = {
  success: (text) => api.success(text),
  error: (text) => api.error(text),
  warning: (text) => api.warning(text),
  info: (text) => api.info(text),
};

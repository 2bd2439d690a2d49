declare module "@shopify/theme-cart" {
  type Cart = any;
  export function getState(): Promise<Cart>;
  export function getItemIndex(key: string): Promise<number>;
  export function getItem(key: string): Promise<any>;
  export function addItem(id: number, options?: { quantity?: number; properties?: Record<string, string> }): Promise<any>;
  export function addItemFromForm(form: HTMLFormElement): Promise<any>;
  export function updateItem(key: string, options: { quantity?: number; properties?: Record<string, string> }): Promise<Cart>;
  export function removeItem(key: string): Promise<Cart>;
  export function clearItems(): Promise<Cart>;
  export function getAttributes(): Promise<Record<string, string>>;
  export function updateAttributes(attributes: Record<string, string>): Promise<Cart>;
  export function clearAttributes(): Promise<Cart>;
  export function getNote(): Promise<string>;
  export function updateNote(note: string): Promise<Cart>;
  export function clearNote(): Promise<Cart>;
}

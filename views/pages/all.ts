// Every page, statically: the server bundle renders any of them. The client
// loads only the page it shows (./lazy.ts), so each page's code is its own chunk.
import type { ComponentType } from "react";
import { HomePage } from "./home/HomePage";
import { SearchPage } from "./home/SearchPage";
import { GoodsPage } from "./goods/GoodsPage";
import { IdentityPage } from "./identity/IdentityPage";
import { ErrorPage, NotFoundPage } from "./notfound/NotFoundPage";
import { LoginPage } from "./auth/LoginPage";
import { RegisterPage } from "./auth/RegisterPage";
import { ForgetPwdPage } from "./auth/ForgetPwdPage";
import { EditProfilePage } from "./account/EditProfilePage";
import { MySafesPage } from "./account/MySafesPage";
import { ChangeEmailPage } from "./account/ChangeEmailPage";
import { DestroyAPage, DestroyBPage, DestroyIntroPage } from "./account/DestroyPages";
import { BlockPage, DeclarePage, QrLoginPage, UserPage } from "./account/SmallPages";
import { CartPage } from "./cart/CartPage";
import { AddressManagementPage } from "./address/AddressManagementPage";
import { AddressEditPage } from "./address/AddressEditPage";
import { MakeOrderPage } from "./order/MakeOrderPage";
import { MakeLinePage } from "./makeline/MakeLinePage";
import { MyOrdersPage } from "./order/MyOrdersPage";
import { MyGoodsPage } from "./mygoods/MyGoodsPage";
import { MyOrderPage } from "./order/MyOrderPage";
import { ShippingInfoPage } from "./order/ShippingInfoPage";
import { DogePayPage } from "./order/DogePayPage";
import { SellerOrderPage } from "./operations/SellerOrderPage";
import { SellerTrackPage } from "./operations/SellerTrackPage";
import { EntityReviewPage, GoodsReviewPage, IdentityReviewPage } from "./operations/ReviewPage";
import { EntityPage } from "./entity/EntityPage";
import { IdentityEditPage } from "./entity/IdentityEditPage";
import { GoodsEditPage } from "./goods-edit/GoodsEditPage";
import { IdentityMePage } from "./entity/IdentityMePage";
import { ChatPage } from "./chat/ChatPage";
import { TextPage } from "./content/TextPage";
import { ContactPage } from "./content/ContactPage";
import { AndroidAppPage, DownloadAppPage } from "./content/AppPages";
import { EditFormPage } from "./operations/EditFormPage";
import { DressesPage } from "./dresses/DressesPage";
import { DressesCatPage } from "./dresses/DressesCatPage";
import { FaqPage } from "./dresses/FaqPage";
import { HotsPage } from "./hots/HotsPage";
import { HotPage } from "./hots/HotPage";
import { CategoryPage } from "./category/CategoryPage";
import { CreationPage } from "./creation/CreationPage";
import { CreationVersionPage } from "./creation/CreationVersionPage";
import type { PageName } from "../lib/types";

export const pages: Record<PageName, ComponentType> = {
  home: HomePage,
  goods: GoodsPage,
  identity: IdentityPage,
  notfound: NotFoundPage,
  error: ErrorPage,
  login: LoginPage,
  register: RegisterPage,
  forgetPwd: ForgetPwdPage,
  editProfile: EditProfilePage,
  user: UserPage,
  mysafes: MySafesPage,
  changeEmail: ChangeEmailPage,
  destroyIntro: DestroyIntroPage,
  destroyA: DestroyAPage,
  destroyB: DestroyBPage,
  block: BlockPage,
  qrlogin: QrLoginPage,
  declare: DeclarePage,
  cart: CartPage,
  addresses: AddressManagementPage,
  addressEdit: AddressEditPage,
  makeorder: MakeOrderPage,
  makeline: MakeLinePage,
  myorders: MyOrdersPage,
  mygoods: MyGoodsPage,
  myorder: MyOrderPage,
  shippinginfo: ShippingInfoPage,
  dogepay: DogePayPage,
  search: SearchPage,
  sellerOrder: SellerOrderPage,
  sellerTrack: SellerTrackPage,
  reviewEntity: EntityReviewPage,
  reviewIdentity: IdentityReviewPage,
  reviewGoods: GoodsReviewPage,
  entity: EntityPage,
  identityEdit: IdentityEditPage,
  goodsEdit: GoodsEditPage,
  identityMe: IdentityMePage,
  bigchat: ChatPage,
  text: TextPage,
  editForm: EditFormPage,
  dresses: DressesPage,
  dressesCat: DressesCatPage,
  dressesFaq: FaqPage,
  contact: ContactPage,
  downloadapp: DownloadAppPage,
  dlandroidapp: AndroidAppPage,
  hotspage: HotsPage,
  hots: HotPage,
  category: CategoryPage,
  creation: CreationPage,
  creationVersion: CreationVersionPage,
};
